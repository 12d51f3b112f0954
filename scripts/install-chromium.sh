#!/usr/bin/env bash
# Installs Chromium (Debian package), which test/html-report.test.ts uses to render report.html
# headless and take a screenshot. Idempotent; runs as root, or with sudo otherwise.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if [ -x /usr/bin/chromium ]; then
  echo "chromium: already installed ($(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium))"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
[ -x /usr/bin/chromium ] || { echo "chromium: installation finished but /usr/bin/chromium is missing" >&2; exit 1; }
echo "chromium: installed ($(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium))"
