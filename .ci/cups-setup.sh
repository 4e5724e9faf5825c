#!/usr/bin/env bash
# Starts CUPS and creates a cups-pdf print queue, so that the OS-printing tests print a real job
# through the real print system and read the PDF that comes out. Installs nothing: the packages
# (cups, printer-driver-cups-pdf, poppler-utils) come from scripts/prepare-test-machine.sh, which
# runs this when the queue is not ready. Idempotent: safe to run again.
#
# Environment (the tests read the same two variables, with the same defaults):
#   CUPS_PDF_QUEUE    name of the queue to create          (default WaybillPDF)
#   CUPS_PDF_OUT_DIR  folder where cups-pdf writes its PDFs (default /var/spool/cups-pdf/WAYBILL)
# The output folder sits under cups-pdf's own spool tree rather than /tmp: a cupsd run by systemd
# may have a private /tmp, and Debian's AppArmor profile lets cups-pdf write only there or in $HOME.
set -euo pipefail

queue="${CUPS_PDF_QUEUE:-WaybillPDF}"
out_dir="${CUPS_PDF_OUT_DIR:-/var/spool/cups-pdf/WAYBILL}"
conf=/etc/cups/cups-pdf.conf

scheduler_running() {
  [ "$(LC_ALL=C lpstat -r 2>/dev/null)" = "scheduler is running" ]
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

for tool in cupsd lpadmin lpinfo lpstat; do
  command -v "$tool" >/dev/null || { echo "cups-setup: '$tool' not found (apt packages: cups printer-driver-cups-pdf)" >&2; exit 1; }
done
[ -f "$conf" ] || { echo "cups-setup: $conf not found (apt package: printer-driver-cups-pdf)" >&2; exit 1; }

# cups-pdf settings: one known output folder for every user (named or anonymous), the job title
# (lp -t) as file name with the job id appended so names never collide, and files readable by
# whoever runs the tests.
set_conf() {
  local key="$1" value="$2"
  if grep -Eq "^#?${key}[[:space:]]" "$conf"; then
    as_root sed -i -E "s|^#?${key}[[:space:]].*|${key} ${value}|" "$conf"
  else
    echo "${key} ${value}" | as_root tee -a "$conf" >/dev/null
  fi
}
set_conf Out "$out_dir"
set_conf AnonDirName "$out_dir"
set_conf Label 2
set_conf TitlePref 1
set_conf UserUMask 0000
set_conf AnonUMask 0000
as_root mkdir -p "$out_dir"
as_root chmod 1777 "$out_dir"

# Start the scheduler unless one already answers (a desktop's cupsd, or an earlier run).
if ! scheduler_running; then
  as_root mkdir -p /run/cups
  as_root cupsd
fi
for _ in $(seq 1 100); do
  scheduler_running && break
  sleep 0.1
done
scheduler_running || { echo "cups-setup: cupsd did not start" >&2; exit 1; }

# The cups-pdf PPD with options: it accepts custom page sizes (media=Custom.76x130mm).
ppd="$(lpinfo -m | awk 'tolower($0) ~ /cups-pdf_opt\.ppd/ { print $1; exit }')"
[ -n "$ppd" ] || { echo "cups-setup: the cups-pdf PPD is not known to CUPS (lpinfo -m)" >&2; exit 1; }
if ! lpstat -p "$queue" >/dev/null 2>&1; then
  # lpadmin warns that PPD drivers are deprecated; cups-pdf has no driverless form yet.
  as_root lpadmin -p "$queue" -E -v cups-pdf:/ -m "$ppd" 2>/dev/null
fi
as_root cupsenable "$queue"
as_root cupsaccept "$queue"

echo "cups-setup: queue '$queue' ready; cups-pdf writes to $out_dir"
