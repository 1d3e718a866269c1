# Issues 13 and 14: a fresh install enables the service but drives no line until the user
# chose a board. With the nixie.yaml the install wrote, the unit's ExecCondition (nixie clock
# --check-board) skips the start: the unit is inactive, not failed, does not restart, holds no
# line, and `systemctl status` tells what to do.
condition=$(kt_sd_prop ExecCondition)
[[ $condition == *"argv[]=$KT_NIXIE clock --check-board "* ]] ||
  kt_fail "the unit's ExecCondition does not run '$KT_NIXIE clock --check-board': $condition"
kt_sd_begin
kt_expect "nixie-clock after the install" enabled "$(systemctl is-enabled "$KT_UNIT")"
[[ -f $KT_SD_INSTALLED ]] || kt_fail "the install wrote no /etc/nixie/nixie.yaml"
kt_sd_config "$KT_SD_INSTALLED"
kt_sd_restart || true
kt_sd_wait "$KT_SD_START" "the start is skipped" kt_sd_ended inactive/exec-condition
restarts=$(kt_sd_prop NRestarts)
kt_sd_observe $((2 * $(kt_sd_seconds RestartUSec)))
kt_expect "state after two RestartSec" inactive/exec-condition \
  "$(kt_sd_prop ActiveState)/$(kt_sd_prop Result)"
kt_expect "restarts" "$restarts" "$(kt_sd_prop NRestarts)"
if systemctl is-failed --quiet "$KT_UNIT"; then kt_fail "the unit is failed"; fi
kt_expect "lines held" "" "$(kt_sd_consumers)"
systemctl status --no-pager -l -n 20 "$KT_UNIT" >status.txt 2>&1 || true
cat status.txt
grep -qF "no board chosen: set 'board:' in /etc/nixie/nixie.yaml (see 'nixie boards'), then 'sudo systemctl restart nixie-clock'" status.txt ||
  kt_fail "systemctl status does not say how to choose a board"
kt_sd_standard
