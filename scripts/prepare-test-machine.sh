#!/usr/bin/env bash
# Makes this machine ready for `npm test` (its `pretest`; CI's `.ci/run` goes through it too):
# checks that what the tests need from the system is there, installs what is missing with apt
# where it may (as root, or where `sudo -n` works), starts the services the tests talk to, and
# otherwise stops at once with the one command to run. Quiet and quick (well under two seconds)
# when everything is ready. Idempotent. `--check` only checks: it installs and starts nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/lib/chromium/chromium}"
headless_shell="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
queue="${CUPS_PDF_QUEUE:-WaybillPDF}"
out_dir="${CUPS_PDF_OUT_DIR:-/var/spool/cups-pdf/WAYBILL}"

# What the tests need from the system, one line each: what it is, the apt package that provides
# it, and a check that it is there.
packages=(
  "Chromium (the benchmarks in a browser, or CHROMIUM_PATH)|chromium|test -x \"$chromium\""
  "Chromium's headless shell (the chromium-host e2e project, or CHROMIUM_PATH)|chromium-headless-shell|test -x \"$headless_shell\""
  "CUPS (OS printing tests)|cups|command -v cupsd"
  "the CUPS command-line tools|cups-client|command -v lpadmin && command -v lpstat"
  "cups-pdf (the queue whose jobs come out as PDF files)|printer-driver-cups-pdf|test -f /etc/cups/cups-pdf.conf"
  "poppler (CUPS's PDF filters)|poppler-utils|command -v pdftops"
  "Xvfb (a display for the Electron e2e project)|xvfb|command -v Xvfb"
  "xauth (for xvfb-run)|xauth|command -v xauth"
  "PostgreSQL's server binaries (the shared-mode tests start servers of their own)|postgresql|compgen -G '/usr/lib/postgresql/*/bin/initdb'"
  "openssl (the shared-mode TLS tests make a CA and a server certificate)|openssl|command -v openssl"
  "socat (the scale tests emulate a serial scale on a pseudo-terminal pair)|socat|command -v socat"
)
# The services the tests talk to, one line each: what it is, a check that it is up, and how to
# start it (run as root). PostgreSQL is not one: the tests run initdb and pg_ctl from Debian's
# versioned folder (/usr/lib/postgresql/<major>/bin, not on PATH) in temporary folders of their own.
# (sudo drops the environment, so a queue or folder other than the default is passed on.)
cups_pdf_env="${CUPS_PDF_QUEUE:+CUPS_PDF_QUEUE=$queue }${CUPS_PDF_OUT_DIR:+CUPS_PDF_OUT_DIR=$out_dir }"
services=(
  "the CUPS scheduler with the cups-pdf queue $queue|cups_pdf_queue_ready|${cups_pdf_env:+env $cups_pdf_env}bash .ci/cups-setup.sh"
)

cups_pdf_queue_ready() {
  [ "$(LC_ALL=C lpstat -r 2>/dev/null)" = "scheduler is running" ] &&
    LC_ALL=C lpstat -p "$queue" 2>/dev/null | grep -q 'enabled' &&
    LC_ALL=C lpstat -a "$queue" 2>/dev/null | grep -q 'accepting' &&
    grep -q "^Out $out_dir\$" /etc/cups/cups-pdf.conf 2>/dev/null &&
    [ -d "$out_dir" ] && [ -w "$out_dir" ]
}

say() { echo "prepare-test-machine: $*" >&2; }
listed() { local out="$1"; shift; for item in "$@"; do out+="; $item"; done; echo "$out"; }

# Root, or sudo without a password prompt: then this step may install and start things.
may_act=true
if [ "${1:-}" = --check ]; then
  may_act=false
elif [ "$(id -u)" -eq 0 ]; then
  as_root() { "$@"; }
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root() { sudo -n "$@"; }
else
  may_act=false
fi

# The npm scripts run on the pinned Node 22 (tools/node-runtime) where the platform has one.
pinned_node=node_modules/.bin/node
if [ ! -x "$pinned_node" ]; then
  say "no pinned Node 22 in node_modules (run npm install; if it is still missing, this platform, $(uname -s)-$(uname -m), has no package in tools/node-runtime/package.json: install Node.js 22)."
  exit 1
fi
if [ "$("$pinned_node" -p 'process.versions.node.split(".")[0]')" != 22 ]; then
  say "$pinned_node is $("$pinned_node" --version), not Node 22: run npm install."
  exit 1
fi

missing_names=()
missing_packages=()
find_missing() {
  missing_names=()
  missing_packages=()
  for entry in "${packages[@]}"; do
    IFS='|' read -r name package check <<<"$entry"
    if ! eval "$check" >/dev/null 2>&1; then
      missing_names+=("$name")
      missing_packages+=("$package")
    fi
  done
}
find_missing

if [ ${#missing_packages[@]} -gt 0 ]; then
  say "npm test needs $(listed "${missing_names[@]}")."
  install=(apt-get install -y --no-install-recommends "${missing_packages[@]}")
  if ! command -v apt-get >/dev/null; then
    say "install them with this system's package manager (Debian/Ubuntu packages: ${missing_packages[*]}), then run npm test again."
    exit 1
  fi
  if ! $may_act; then
    say "install them with: sudo apt-get update && sudo ${install[*]}"
    exit 1
  fi
  say "installing ${missing_packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root "${install[@]}" -qq >/dev/null
  find_missing
  if [ ${#missing_packages[@]} -gt 0 ]; then
    say "still missing after installing: $(listed "${missing_names[@]}") (is CHROMIUM_PATH right?)."
    exit 1
  fi
fi

for entry in "${services[@]}"; do
  IFS='|' read -r name ready start <<<"$entry"
  eval "$ready" >/dev/null 2>&1 && continue
  if ! $may_act; then
    say "$name is not ready: set it up with: sudo $start"
    exit 1
  fi
  say "starting $name"
  as_root bash -c "$start" >&2
  eval "$ready" >/dev/null 2>&1 || { say "$name did not come up (see above)"; exit 1; }
done
