#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: Playwright's own when it was downloaded, otherwise Debian's
# package (the machines reach Debian's mirrors but not Playwright's browser download).
set -euo pipefail
cd "$(dirname "$0")/../.."
if node -e 'const fs=require("fs");const {chromium}=require("@playwright/test");process.exit(fs.existsSync(chromium.executablePath())?0:1)' 2>/dev/null; then
  exit 0
fi
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ] || [ -n "${CHROMIUM_PATH:-}" ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
