#!/usr/bin/env bash
# Stops the ASMX reference host started by scripts/asmx/start.sh (by its pid files).
# Usage: scripts/asmx/stop.sh [STATE_DIR]   (STATE_DIR as given to start.sh; default: every
# /tmp/campusnet-asmx-* directory). Succeeds quietly when nothing is running.
set -uo pipefail

stop_dir() {
  local dir=$1
  local pidfile pid
  if [ -f "$dir/nginx.pid" ] && [ -f "$dir/nginx.conf" ]; then
    nginx -c "$dir/nginx.conf" -s quit >/dev/null 2>&1 || true
  fi
  for pidfile in "$dir/nginx.pid" "$dir/fastcgi-mono-server.pid"; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      # fastcgi-mono-server4 runs in its own session (setsid): end its process group.
      kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$pidfile"
  done
}

if [ $# -ge 1 ]; then
  [ -d "$1" ] && stop_dir "$1"
else
  for d in /tmp/campusnet-asmx-*; do
    [ -d "$d" ] && stop_dir "$d"
  done
fi
exit 0
