# Issue 14, check 4: `systemctl reload` (SIGHUP) re-reads nixie.yaml without a restart: a new
# time zone reaches the tubes within a second (systemd-reload.host.sh). A broken nixie.yaml
# is logged with file:line:column, at error priority, and the running configuration stays.
kt_sd_begin
pid=$(kt_sd_prop MainPID)
restarts=$(kt_sd_prop NRestarts)
kt_sd_observe 1.5
kt_sd_config "$(kt_sd_standard_with 's|^timezone: .*|timezone: America/New_York|')"
kt_sd_mark before-reload
systemctl reload "$KT_UNIT"
kt_sd_mark reloaded
kt_sd_wait "$KT_SD_ANSWER" "nixie logs the reload" kt_sd_logged 'configuration reloaded: .* in America/New_York'
kt_sd_observe 2.5
kt_expect "the main process after the reload" "$pid" "$(kt_sd_prop MainPID)"

# An unknown zone: the parser knows where it is (line 3).
kt_sd_config "$(kt_sd_standard_with 's|^timezone: .*|timezone: Mars/Olympus_Mons|')"
kt_expect "the broken line" "timezone: Mars/Olympus_Mons" "$(sed -n 3p "$KT_SD_CONFIG")"
kt_sd_mark reload-unknown-zone
systemctl reload "$KT_UNIT"
kt_sd_wait "$KT_SD_ANSWER" "nixie logs the unknown zone with file:line:column" \
  kt_sd_logged "not reloaded.*$KT_SD_CONFIG:3:[0-9]+: .*Mars/Olympus_Mons"
# At error priority (journalctl -p err): what the journal holds, then grep (a pipe into
# grep -q can lose journalctl's output to SIGPIPE under pipefail).
errors=$(kt_sd_journal -p err -o cat)
grep -Eq "not reloaded.*$KT_SD_CONFIG:3:[0-9]+: .*Mars/Olympus_Mons" <<<"$errors" ||
  kt_fail "the refused configuration is not logged at error priority (journalctl -p err): $errors"
kt_sd_observe 1.5
# Broken YAML: an unclosed flow sequence. A new cursor: the unknown zone's line must not count.
kt_sd_cursor
printf 'board: /etc/nixie/boards/hv5622-6xin14-pi.yaml\nfaces: [\n  {format: "HH:mm:ss"\n' >"$KT_SD_CONFIG"
kt_sd_mark reload-broken-yaml
systemctl reload "$KT_UNIT"
broken="not reloaded.*$KT_SD_CONFIG:[0-9]+:[0-9]+: YAML syntax"
kt_sd_wait "$KT_SD_ANSWER" "nixie logs the broken YAML with file:line:column" kt_sd_logged "$broken"
errors=$(kt_sd_journal -p err -o cat)
echo "$errors"
grep -Eq "$broken" <<<"$errors" ||
  kt_fail "the broken YAML is not logged at error priority with file:line:column (journalctl -p err): $errors"
kt_sd_observe 1.5
kt_sd_mark end
kt_expect "the main process after three reloads" "$pid" "$(kt_sd_prop MainPID)"
kt_expect "restarts" "$restarts" "$(kt_sd_prop NRestarts)"
kt_sd_running || kt_fail "nixie-clock is not running after the reloads: $(kt_sd_state)"
kt_sd_trace
kt_sd_standard
