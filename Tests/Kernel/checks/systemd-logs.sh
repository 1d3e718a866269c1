# Issue 14, check 8: logs. nixie's messages reach the journal at their own priorities — info
# for the start, warning for a reload that asks for a restart, error for a refused reload and
# for a start that fails — so `journalctl -p warning` shows the warnings and errors and none
# of the rest; and a clock running normally logs nothing (no line a frame or a second).
kt_sd_begin
pid=$(kt_sd_prop MainPID)
# One entry of the unit's journal since kt_sd_begin whose message matches PATTERN, as
# "PRIORITY MESSAGE" (the newest), or nothing.
entry() {
  kt_sd_journal -o json | "$KT_PYTHON" -c '
import json, re, sys
found = [e for e in map(json.loads, sys.stdin) if re.search(sys.argv[1], str(e.get("MESSAGE", "")))]
if found:
    print(found[-1].get("PRIORITY"), found[-1]["MESSAGE"])' "$1"
}
priority_of() { entry "$1" | cut -d' ' -f1; }

kt_sd_mark quiet
quiet=$(journalctl --show-cursor -n 0 -q | sed -n 's/^-- cursor: //p')
kt_sd_observe 5
lines=$(journalctl -u "$KT_UNIT" --no-pager -q --after-cursor="$quiet" -o cat)
[[ -z $lines ]] || { echo "$lines"; kt_fail "5 s of normal running logged $(wc -l <<<"$lines") lines"; }
echo "ok: 5 s of normal running logged nothing"

kt_sd_restart
kt_sd_wait "$KT_SD_START" "nixie-clock runs again after the restart" kt_sd_new_pid "$pid"
kt_sd_wait "$KT_SD_ANSWER" "nixie logs its start" kt_sd_logged 'clock started: '
kt_expect "priority of 'clock started'" 6 "$(priority_of '^clock started: ')"

kt_sd_config "$(kt_sd_standard_with 's|^board: .*|board: hv5622-6xin14|')"
systemctl reload "$KT_UNIT"
kt_sd_wait "$KT_SD_ANSWER" "nixie warns that a board change takes a restart" kt_sd_logged 'board changed to .*takes a restart'
kt_expect "priority of 'board changed'" 4 "$(priority_of 'board changed to')"

kt_sd_config "$(kt_sd_standard_with 's|^timezone: .*|timezone: Mars/Olympus_Mons|')"
systemctl reload "$KT_UNIT"
kt_sd_wait "$KT_SD_ANSWER" "nixie logs the refused reload" kt_sd_logged 'not reloaded'
kt_expect "priority of 'not reloaded'" 3 "$(priority_of 'not reloaded')"

sed 's/^  chip: pinctrl-bcm2711/  chip: pinctrl-rp1/' "$KT_HARNESS/$KT_SD_BOARD" >/etc/nixie/boards/pi5.yaml
kt_sd_config "$(kt_sd_standard_with 's|^board: .*|board: /etc/nixie/boards/pi5.yaml|')"
kt_sd_restart || true
kt_sd_wait "$KT_SD_START" "nixie logs the missing chip" kt_sd_logged 'pinctrl-rp1'
entry 'pinctrl-rp1'
kt_expect "priority of the failed start's message" 3 "$(priority_of 'pinctrl-rp1')"

# journalctl -p warning shows only warnings and errors: each line nixie wrote there (systemd's
# own lines about the unit aside) is one of the three above, each of them is there, and the
# start line, logged at info above, is not.
kt_sd_journal -p warning -o json >warnings.json
"$KT_PYTHON" - warnings.json <<'PY' || kt_fail "journalctl -p warning is not exactly nixie's warnings and errors (log)"
import json, re, sys
expected = {
    "the board change (warning)": r"^board changed to .* takes a restart$",
    "the refused reload (error)": r"^configuration not reloaded, keeping the running one: .*:3:\d+: unknown time zone",
    "the failed start (error)": r"^nixie: pinctrl-rp1: open the GPIO chip: ",
}
seen, unexpected = set(), []
print("journalctl -p warning:")
for entry in map(json.loads, open(sys.argv[1])):
    message = str(entry.get("MESSAGE", ""))
    source = entry.get("SYSLOG_IDENTIFIER", "?")
    print("  %s %s: %s" % (entry.get("PRIORITY"), source, message))
    if entry.get("_PID") == "1":
        continue  # systemd about the unit (the failed start)
    found = [name for name, pattern in expected.items() if re.search(pattern, message)]
    if found:
        seen.update(found)
    else:
        unexpected.append(message)
failed = False
for message in unexpected:
    print("FAIL: a line of nixie's that is no warning or error of this check: %s" % message)
    failed = True
for name in expected:
    if name not in seen:
        print("FAIL: %s is missing" % name)
        failed = True
sys.exit(1 if failed else 0)
PY
warnings=$(kt_sd_journal -p warning -o cat)
if grep -q '^clock started: ' <<<"$warnings"; then kt_fail "journalctl -p warning shows the info line 'clock started'"; fi
kt_sd_standard
