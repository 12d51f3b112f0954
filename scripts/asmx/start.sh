#!/usr/bin/env bash
# Starts the ASMX reference host (reference/asmx/) on 127.0.0.1:PORT:
#   nginx (127.0.0.1:PORT) --fastcgi--> fastcgi-mono-server4 (127.0.0.1:FASTCGI_PORT)
# Usage: scripts/asmx/start.sh PORT PROFILE_JSON [STATE_DIR]
#   STATE_DIR (default /tmp/campusnet-asmx-PORT) receives the runtime copy of the application,
#   the nginx config, pid files and logs. FASTCGI_PORT defaults to PORT+1 (env ASMX_FASTCGI_PORT).
#   ASMX_START_TIMEOUT (default 90) is how long to wait for both WSDLs to answer 200.
#   ASMX_CUSTOM_ERRORS (default Off; On or RemoteOnly) is web.config's customErrors mode. With Off
#   (and with RemoteOnly for loopback callers) faultstrings and HTTP GET/POST error texts are the
#   exception's ToString() (type names, stack trace); with On they are the bare message chain.
# Prints the base URL (http://127.0.0.1:PORT) on success; on failure prints one line on stderr
# and exits non-zero.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 PORT PROFILE_JSON [STATE_DIR]" >&2
  exit 2
fi
PORT=$1
PROFILE=$2
STATE_DIR=${3:-/tmp/campusnet-asmx-$PORT}
FASTCGI_PORT=${ASMX_FASTCGI_PORT:-$((PORT + 1))}
TIMEOUT=${ASMX_START_TIMEOUT:-90}
CUSTOM_ERRORS=${ASMX_CUSTOM_ERRORS:-Off}
case "$CUSTOM_ERRORS" in On|Off|RemoteOnly) ;; *) echo "asmx host: ASMX_CUSTOM_ERRORS must be On, Off or RemoteOnly" >&2; exit 2;; esac
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
APP_SRC=$(cd "$HERE/../../reference/asmx" && pwd)

fail() { echo "$*" >&2; exit 1; }

for cmd in fastcgi-mono-server4 nginx curl; do
  command -v "$cmd" >/dev/null 2>&1 || fail "asmx host: $cmd not found; run scripts/asmx/install.sh"
done
[ -f "$PROFILE" ] || fail "asmx host: profile $PROFILE not found"
PROFILE=$(cd "$(dirname "$PROFILE")" && pwd)/$(basename "$PROFILE")

# A host already running from this state directory is stopped first.
"$HERE/stop.sh" "$STATE_DIR" >/dev/null 2>&1 || true

mkdir -p "$STATE_DIR"
STATE_DIR=$(cd "$STATE_DIR" && pwd)
APP="$STATE_DIR/app"
LOG="$STATE_DIR/fastcgi-mono-server.log"
NGINX_LOG="$STATE_DIR/nginx-error.log"
rm -rf "$APP" "$STATE_DIR/nginx-tmp"
mkdir -p "$APP" "$STATE_DIR/nginx-tmp"
cp -R "$APP_SRC/API" "$APP_SRC/App_Code" "$APP_SRC/web.config" "$APP/"
rm -f "$APP/API/BWC.asmx.template"

# The security-office namespace ({base_url}/) comes from the profile.
NS=$(PROFILE="$PROFILE" node -e 'const p=JSON.parse(require("fs").readFileSync(process.env.PROFILE,"utf8"));process.stdout.write(String(p.securityOfficeNamespace??""))' 2>/dev/null) \
  || NS=$(sed -n 's/.*"securityOfficeNamespace"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' "$PROFILE" | head -n1)
[ -n "$NS" ] || fail "asmx host: $PROFILE has no securityOfficeNamespace"
case "$NS" in *'"'*|*'\'*|*$'\n'*) fail "asmx host: securityOfficeNamespace must not contain quotes, backslashes or line breaks";; esac
NS_SED=$(printf '%s' "$NS" | sed 's/[&|]/\\&/g')
sed "s|@SECURITY_OFFICE_NAMESPACE@|$NS_SED|" "$APP_SRC/API/BWC.asmx.template" > "$APP/API/BWC.asmx"
PROFILE_SED=$(printf '%s' "$PROFILE" | sed 's/[&|]/\\&/g')
sed -e "s|key=\"CampusNetReferenceProfile\" value=\"\"|key=\"CampusNetReferenceProfile\" value=\"$PROFILE_SED\"|" \
    -e "s|customErrors mode=\"Off\"|customErrors mode=\"$CUSTOM_ERRORS\"|" "$APP_SRC/web.config" > "$APP/web.config"

cat > "$STATE_DIR/nginx.conf" <<NGINX
worker_processes 1;
pid $STATE_DIR/nginx.pid;
error_log $NGINX_LOG warn;
events { worker_connections 256; }
http {
  access_log $STATE_DIR/nginx-access.log;
  client_body_temp_path $STATE_DIR/nginx-tmp/body;
  proxy_temp_path $STATE_DIR/nginx-tmp/proxy;
  fastcgi_temp_path $STATE_DIR/nginx-tmp/fastcgi;
  uwsgi_temp_path $STATE_DIR/nginx-tmp/uwsgi;
  scgi_temp_path $STATE_DIR/nginx-tmp/scgi;
  client_max_body_size 16m;
  fastcgi_read_timeout 300s;
  server {
    listen 127.0.0.1:$PORT;
    server_name _;
    location / {
      # /etc/nginx/fastcgi_params, except SERVER_NAME: the Host header's name, so that the
      # addresses in ?WSDL name the host the client used (as IIS does), not nginx's "_".
      fastcgi_param QUERY_STRING      \$query_string;
      fastcgi_param REQUEST_METHOD    \$request_method;
      fastcgi_param CONTENT_TYPE      \$content_type;
      fastcgi_param CONTENT_LENGTH    \$content_length;
      fastcgi_param SCRIPT_NAME       \$fastcgi_script_name;
      fastcgi_param SCRIPT_FILENAME   \$document_root\$fastcgi_script_name;
      fastcgi_param PATH_INFO         "";
      fastcgi_param REQUEST_URI       \$request_uri;
      fastcgi_param DOCUMENT_URI      \$document_uri;
      fastcgi_param DOCUMENT_ROOT     \$document_root;
      fastcgi_param SERVER_PROTOCOL   \$server_protocol;
      fastcgi_param REQUEST_SCHEME    \$scheme;
      fastcgi_param HTTPS             \$https if_not_empty;
      fastcgi_param GATEWAY_INTERFACE CGI/1.1;
      fastcgi_param SERVER_SOFTWARE   nginx/\$nginx_version;
      fastcgi_param REMOTE_ADDR       \$remote_addr;
      fastcgi_param REMOTE_PORT       \$remote_port;
      fastcgi_param SERVER_ADDR       \$server_addr;
      fastcgi_param SERVER_PORT       \$server_port;
      fastcgi_param SERVER_NAME       \$host;
      fastcgi_param REDIRECT_STATUS   200;
      fastcgi_param HTTP_HOST         \$http_host;
      fastcgi_pass 127.0.0.1:$FASTCGI_PORT;
    }
    root $APP;
  }
}
NGINX

# The FastCGI host runs the application; it reads the profile path from the environment.
(
  cd "$APP"
  export CAMPUSNET_REFERENCE_PROFILE="$PROFILE"
  export MONO_IOMAP=all
  setsid fastcgi-mono-server4 --applications=/:"$APP" --socket=tcp:127.0.0.1:"$FASTCGI_PORT" \
    --loglevels=Standard --printlog=true </dev/null >"$LOG" 2>&1 &
  echo $! > "$STATE_DIR/fastcgi-mono-server.pid"
)

if ! nginx -c "$STATE_DIR/nginx.conf" -g 'daemon on;' >>"$NGINX_LOG" 2>&1; then
  "$HERE/stop.sh" "$STATE_DIR" >/dev/null 2>&1 || true
  fail "asmx host did not come up on 127.0.0.1:$PORT (nginx did not start); see $NGINX_LOG"
fi

BASE="http://127.0.0.1:$PORT"
deadline=$((SECONDS + TIMEOUT))
ok_net=0; ok_bwc=0; why="within $TIMEOUT s"
while [ $SECONDS -lt $deadline ]; do
  if ! kill -0 "$(cat "$STATE_DIR/fastcgi-mono-server.pid")" 2>/dev/null; then
    why="(fastcgi-mono-server4 on 127.0.0.1:$FASTCGI_PORT exited)"
    break
  fi
  [ $ok_net = 1 ] || { [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 "$BASE/API/net.asmx?WSDL" || true)" = 200 ] && ok_net=1; } || true
  [ $ok_bwc = 1 ] || { [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 "$BASE/API/BWC.asmx?WSDL" || true)" = 200 ] && ok_bwc=1; } || true
  if [ $ok_net = 1 ] && [ $ok_bwc = 1 ]; then
    echo "$BASE"
    exit 0
  fi
  sleep 1
done
"$HERE/stop.sh" "$STATE_DIR" >/dev/null 2>&1 || true
fail "asmx host did not come up on 127.0.0.1:$PORT $why; see $LOG"
