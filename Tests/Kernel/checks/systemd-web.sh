# Issue 18: the web page as a real service (nixie-web.service, installed by the package, not
# enabled) beside the clock. Enabled and started: active (running) (Type=notify: READY=1 once it
# listens), a dynamic user with group nixie as its only supplementary group, no capabilities.
# Through it, from 127.0.0.1:8080: the clock's state (the sandboxed process reaches the control
# socket), the page with its CSRF token, a change refused without the token and made with it
# (the clock reports it and saves it to its overrides file), kept across a restart of both
# services. Listening on 0.0.0.0 without a password is refused (exit 2, the reason at error
# priority) and not retried (the unit left failed). `systemd-analyze security` in the VM scores it 1.5 or less. Stopping it leaves the
# clock running, the same process.
KT_WEB_UNIT=nixie-web.service
KT_WEB_CONFIG=/etc/nixie/web.yaml
KT_WEB_URL=http://127.0.0.1:8080

web_prop() { kt_sd_prop "$1" "$KT_WEB_UNIT"; }
web_running() { kt_sd_running "$KT_WEB_UNIT"; }
web_state() { systemctl show -p ActiveState -p SubState -p Result -p MainPID -p ExecMainStatus "$KT_WEB_UNIT" | paste -sd' '; }

# web_request METHOD PATH [BODY [TOKEN]]: one HTTP request to the service (python3's
# http.client: the VM has no curl); prints the status, saves the body as ./reply.body.
web_request() {
  python3 -c '
import http.client, sys
method, path = sys.argv[1], sys.argv[2]
body = sys.argv[3].encode() if len(sys.argv) > 3 else None
headers = {"Content-Type": "application/json"} if body is not None else {}
if len(sys.argv) > 4:
    headers["X-CSRF-Token"] = sys.argv[4]
connection = http.client.HTTPConnection("127.0.0.1", 8080, timeout=10)
connection.request(method, path, body=body, headers=headers)
reply = connection.getresponse()
open("reply.body", "wb").write(reply.read())
print(reply.status)' "$@"
}

# web_state_of EXPRESSION: EXPRESSION of GET /api/state's JSON (`s`), as JSON.
web_state_of() {
  kt_expect "GET /api/state" 200 "$(web_request GET /api/state)" >&2
  python3 -c 'import json, sys; s = json.load(open("reply.body")); print(json.dumps(eval(sys.argv[1])))' "$1"
}

# The clock's state through the web page answers (after a restart of either).
web_answers() { [[ $(web_request GET /api/state 2>/dev/null) == 200 ]]; }

kt_sd_begin
# Whatever a failed run of this check left: no web.yaml (the install writes none).
rm -f "$KT_WEB_CONFIG"
clock_pid=$(kt_sd_prop MainPID)
kt_expect "nixie-web after the install" disabled "$(systemctl is-enabled "$KT_WEB_UNIT")"
web_cursor=$(journalctl --show-cursor -n 0 -q | sed -n 's/^-- cursor: //p')

# 1. Enabled and started: running after READY=1, as a dynamic user in group nixie only.
systemctl enable --now "$KT_WEB_UNIT" || kt_fail "systemctl enable --now nixie-web failed: $(web_state)"
kt_sd_wait "$KT_SD_START" "nixie-web active (running)" web_running
kt_expect "nixie-web enabled" enabled "$(systemctl is-enabled "$KT_WEB_UNIT")"
kt_expect "nixie-web's type" notify "$(web_prop Type)"
pid=$(web_prop MainPID)
status=/proc/$pid/status
kt_sd_expect_dynamic_user "$pid" nixie-web nixie
for set in CapInh CapPrm CapEff CapBnd CapAmb; do
  kt_expect "nixie-web's $set" 0000000000000000 "$(awk -v set="$set:" '$1 == set { print $2 }' "$status")"
done
journalctl -u "$KT_WEB_UNIT" --no-pager -q --after-cursor="$web_cursor" -o cat >start.log
grep -q 'serving http://127.0.0.1:8080/' start.log || kt_fail "nixie-web did not log where it serves"

# 2. The clock's state through the page's API: the sandboxed process reaches the control socket.
kt_expect "the board through GET /api/state" '"hv5622-6xin14-pi"' "$(web_state_of 's["board"]')"
kt_expect "the zone through GET /api/state" "\"$KT_SD_ZONE\"" "$(web_state_of 's["settings"]["timezone"]')"
brightness=$(web_state_of 's["settings"]["brightness"]')
kt_expect "GET /" 200 "$(web_request GET /)"
token=$(sed -n 's/.*<meta name="csrf" content="\([^"]*\)".*/\1/p' reply.body)
[[ -n $token ]] || kt_fail "the page has no <meta name=\"csrf\"> token"
grep -q 'id="tubes"' reply.body && grep -q 'id="brightness"' reply.body ||
  kt_fail "GET / is not the page with the tubes and the brightness control"

# 3. A change: refused without the token (and with a wrong one), made with the page's.
changed=$((brightness == 40 ? 60 : 40))
kt_expect "POST /api/settings without X-CSRF-Token" 403 \
  "$(web_request POST /api/settings "{\"brightness\": $changed}")"
kt_expect "POST /api/settings with a wrong X-CSRF-Token" 403 \
  "$(web_request POST /api/settings "{\"brightness\": $changed}" "x$token")"
kt_expect "brightness after the refused changes" "$brightness" "$(web_state_of 's["settings"]["brightness"]')"
kt_expect "POST /api/settings with the page's token" 200 \
  "$(web_request POST /api/settings "{\"brightness\": $changed}" "$token")"
kt_expect "brightness after the change" "$changed" "$(web_state_of 's["settings"]["brightness"]')"
kt_expect "overridden settings" '["brightness"]' "$(web_state_of 's["overridden"]')"
saved_to=$(web_state_of 's["saved_to"]' | tr -d '"')
kt_expect "where the clock saves the change" /var/lib/nixie/overrides.yaml "$saved_to"
cat "$saved_to"
grep -qx "brightness: $changed" "$saved_to" || kt_fail "$saved_to does not hold brightness: $changed"
kt_expect "the clock's process after the change" "$clock_pid" "$(kt_sd_prop MainPID)"

# 4. Both services restarted: the change kept.
web_pid=$(web_prop MainPID)
systemctl reset-failed "$KT_UNIT" "$KT_WEB_UNIT"
systemctl restart "$KT_WEB_UNIT" "$KT_UNIT"
kt_sd_wait "$KT_SD_START" "nixie-clock runs again after the restart" kt_sd_new_pid "$clock_pid"
kt_sd_wait "$KT_SD_START" "nixie-web runs again after the restart" \
  eval '[[ $(web_prop MainPID) != "$web_pid" ]] && web_running'
kt_sd_wait "$KT_SD_ANSWER" "GET /api/state answers after the restart" web_answers
kt_expect "brightness after restarting both" "$changed" "$(web_state_of 's["settings"]["brightness"]')"
clock_pid=$(kt_sd_prop MainPID)

# 5. Listening on 0.0.0.0 without a password: refused (docs/INTERFACE.md: exit 2, the reason).
systemctl stop "$KT_WEB_UNIT"
printf 'listen:\n  - "0.0.0.0:8080"\n' >"$KT_WEB_CONFIG"
chmod 0644 "$KT_WEB_CONFIG"
web_cursor=$(journalctl --show-cursor -n 0 -q | sed -n 's/^-- cursor: //p')
if systemctl start "$KT_WEB_UNIT"; then kt_fail "nixie-web started listening on 0.0.0.0 without a password"; fi
web_state
kt_expect "nixie-web's exit status" 2 "$(web_prop ExecMainStatus)"
# Not retried (RestartPreventExitStatus): failed at once, and still after two RestartSec.
restarts=$(web_prop NRestarts)
kt_expect "nixie-web after the refusal" failed/exit-code "$(web_prop ActiveState)/$(web_prop Result)"
kt_sd_observe $((2 * $(kt_sd_seconds RestartUSec "$KT_WEB_UNIT")))
kt_expect "nixie-web two RestartSec after the refusal" failed/exit-code "$(web_prop ActiveState)/$(web_prop Result)"
kt_expect "nixie-web's restarts after the refusal" "$restarts" "$(web_prop NRestarts)"
kt_expect "GET /api/state while refused" "" "$(web_request GET /api/state 2>/dev/null || true)"
journalctl -u "$KT_WEB_UNIT" --no-pager -q --after-cursor="$web_cursor" -p err -o cat >refusal.log || true
cat refusal.log
grep -q 'listening on 0.0.0.0:8080 would open the clock to the network without a password' refusal.log ||
  kt_fail "the refusal is not in nixie-web's journal at error priority"
rm -f "$KT_WEB_CONFIG"
systemctl reset-failed "$KT_WEB_UNIT"
systemctl start "$KT_WEB_UNIT" || kt_fail "nixie-web does not start again without web.yaml: $(web_state)"
kt_sd_wait "$KT_SD_START" "nixie-web active (running) again" web_running
kt_sd_wait "$KT_SD_ANSWER" "GET /api/state answers again" web_answers

# 6. The sandbox as systemd sees it in the VM: the offline test's bound.
kt_sd_exposure "$KT_WEB_UNIT" 1.5

# 7. Stopped: the clock does not notice.
systemctl stop "$KT_WEB_UNIT"
kt_expect "nixie-web after stop" inactive "$(web_prop ActiveState)"
kt_sd_observe 1
kt_sd_running || kt_fail "nixie-clock is not running after nixie-web stopped: $(kt_sd_state)"
kt_expect "the clock's process after nixie-web stopped" "$clock_pid" "$(kt_sd_prop MainPID)"
kt_expect "the clock's state after nixie-web stopped" "$changed" "$(kt_sd_state_of 's["settings"]["brightness"]')"

# Leave it as the install did: disabled, no overrides (kt_sd_standard removes them).
systemctl disable "$KT_WEB_UNIT"
kt_sd_standard
kt_expect "brightness after the standard state" "$brightness" "$(kt_sd_state_of 's["settings"]["brightness"]')"
