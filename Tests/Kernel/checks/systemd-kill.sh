# Issue 34 §1: dark after any death. SIGKILL gives the clock no last write, and a Raspberry
# Pi's kernel keeps a dead process's lines driven (this VM's mainline kernel does not, so the
# wire, not the pins, is the witness): the unit's ExecStopPost (`nixie blank`) must put a dark
# frame on the wire within 2 s of the kill (5 s under TCG) and, on a board with a high-voltage
# enable, drive that line low (systemd-kill.host.sh reads the trace). systemd then restarts the
# clock as after any failure.
kt_sd_begin
post=$(kt_sd_prop ExecStopPost)
[[ $post == *"$KT_NIXIE blank --config /etc/nixie/nixie.yaml"* ]] ||
  kt_fail "the unit's ExecStopPost does not run '$KT_NIXIE blank --config /etc/nixie/nixie.yaml': $post"
# kill_and_restart PREFIX: SIGKILL the clock's main process once it has shown the time for a
# while, markers PREFIX-killed and PREFIX-restarted around it.
kill_and_restart() {
  local pid
  pid=$(kt_sd_prop MainPID)
  kt_sd_observe 1.5
  kill -KILL "$pid"
  kt_sd_mark "$1-killed"
  kt_sd_wait "$KT_SD_START" "a new nixie-clock after SIGKILL" kt_sd_new_pid "$pid"
  kt_sd_mark "$1-restarted" "at_us=$(kt_sd_prop ExecMainStartTimestampMonotonic)"
}
kill_and_restart standard
kt_sd_logged 'status=9/KILL' || kt_fail "systemd logged no SIGKILL: $(kt_sd_journal -o cat | tail -n 5)"
kt_sd_logged 'Control process exited' && kt_fail "nixie blank failed: $(kt_sd_journal -o cat | tail -n 5)"

# The test board with a high-voltage enable on BCM 23 (high = on), a line of its own.
sed 's/^name: .*/name: hv5622-6xin14-pi-hven/' "$KT_HARNESS/$KT_SD_BOARD" >/etc/nixie/boards/hven.yaml
printf '\nenable:\n  - {name: hv, line: 23, active: high, role: power}\n' >>/etc/nixie/boards/hven.yaml
kt_sd_config "$(kt_sd_standard_with 's|^board: .*|board: /etc/nixie/boards/hven.yaml|')"
kt_sd_cursor
kt_sd_restart
kt_sd_wait "$KT_SD_START" "nixie-clock on the board with a power line" kt_sd_running
kill_and_restart hven
kt_sd_logged 'Control process exited' && kt_fail "nixie blank failed: $(kt_sd_journal -o cat | tail -n 5)"
kt_sd_mark end
kt_sd_trace
rm -f /etc/nixie/boards/hven.yaml
kt_sd_standard
