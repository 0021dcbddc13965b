#!/usr/bin/env bash
# Installs Debian's headless-capable Chromium when it is missing: the sweep/compare tests open
# the HTML reports in it (rendered DOM + screenshot). Needs root or sudo for apt-get.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "setup-chromium: chromium is missing and installing it needs root or sudo (apt-get install chromium)" >&2
  exit 1
fi
echo "setup-chromium: installing chromium (apt-get) ..." >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q >/dev/null
"${sudo[@]}" apt-get install -y -q chromium >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "setup-chromium: apt-get installed no chromium binary" >&2; exit 1; }
