#!/usr/bin/env bash
# Regenerates every app icon file from the two SVG sources (see README.md in this folder).
# Needs the Debian packages librsvg2-bin (rsvg-convert), imagemagick (convert) and icnsutils
# (png2icns). Output is byte-for-byte reproducible, so a rerun without SVG changes is no diff.
set -euo pipefail

assets_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work_dir="$(mktemp -d)"
trap 'rm -rf "$work_dir"' EXIT

# render SIZE: one PNG per size. 16-32 px come from the pixel-grid drawing, the rest from the
# full drawing, whose barcode and address lines would blur to grey at small sizes.
render() {
  local size="$1" source="$assets_dir/icon.svg"
  if ((size <= 32)); then source="$assets_dir/icon-small.svg"; fi
  rsvg-convert --width "$size" --height "$size" "$source" --output "$work_dir/$size.png"
}
for size in 16 24 32 48 64 128 256 512 1024; do render "$size"; done

# Linux: electron-builder reads a folder of <size>x<size>.png files.
mkdir -p "$assets_dir/icons"
for size in 16 32 48 64 128 256 512 1024; do
  cp "$work_dir/$size.png" "$assets_dir/icons/${size}x${size}.png"
done
cp "$work_dir/1024.png" "$assets_dir/icon.png"

# Windows: one .ico holding 16-256 px (ImageMagick stores 256 px as PNG, the others as BMP).
# The date chunks are left out so that the file only changes when the drawing does.
convert "$work_dir"/{16,24,32,48,64,128,256}.png \
  -define png:exclude-chunks=date,time "$assets_dir/icon.ico"

# macOS: png2icns writes the classic 16-128 px types (is32, il32, ih32, it32 with their masks).
# It stores its larger types as JPEG 2000 and knows no Retina types, so every type from 256 px up
# and every @2x type is appended as a PNG element: ic08 256, ic09 512, ic10 512@2x (1024),
# ic11 16@2x (32), ic12 32@2x (64), ic13 128@2x (256), ic14 256@2x (512).
icns="$assets_dir/icon.icns"
png2icns "$icns" "$work_dir"/{16,32,48,128}.png >/dev/null

# big_endian_u32 N: the four bytes of N, most significant first, as ICNS lengths are stored.
big_endian_u32() {
  printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' \
    $(($1 >> 24 & 255)) $(($1 >> 16 & 255)) $(($1 >> 8 & 255)) $(($1 & 255)))"
}
# append_icns_element TYPE PNG: an element is its 4-letter type, its length (header included)
# and the data.
append_icns_element() {
  local length=$(($(stat --format=%s "$2") + 8))
  { printf '%s' "$1"; big_endian_u32 "$length"; cat "$2"; } >>"$icns"
}
append_icns_element ic08 "$work_dir/256.png"
append_icns_element ic09 "$work_dir/512.png"
append_icns_element ic10 "$work_dir/1024.png"
append_icns_element ic11 "$work_dir/32.png"
append_icns_element ic12 "$work_dir/64.png"
append_icns_element ic13 "$work_dir/256.png"
append_icns_element ic14 "$work_dir/512.png"
# The file header ('icns' + total length) must count the appended elements.
big_endian_u32 "$(stat --format=%s "$icns")" |
  dd of="$icns" bs=1 seek=4 conv=notrunc status=none
