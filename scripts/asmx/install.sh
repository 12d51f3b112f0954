#!/usr/bin/env bash
# Installs what the ASMX reference host (reference/asmx/) needs: Mono's FastCGI ASP.NET host,
# System.Web.Services, System.Web.Extensions (JavaScriptSerializer), the C# compiler ASP.NET
# uses to build .asmx/App_Code on first request, nginx and curl. Idempotent; run as root.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

PACKAGES=(
  mono-fastcgi-server4
  mono-mcs
  libmono-system-web-services4.0-cil
  libmono-system-web-extensions4.0-cil
  libmono-system-web4.0-cil
  libmono-system-xml4.0-cil
  libmono-system-runtime-serialization4.0-cil
  nginx
  curl
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "asmx host: all packages already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

echo "asmx host: installing ${missing[*]}"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
# The Debian nginx package starts the system nginx on port 80; the reference never uses it.
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then
  $SUDO systemctl stop nginx || true
fi
echo "asmx host: installed"
