# Issue 34 §3: realtime.conf proven under systemd. With `realtime: true` in nixie.yaml and no
# drop-in, the unit's sandbox refuses SCHED_FIFO: the clock says so once, naming the drop-in,
# and runs on with its frame thread (nixie-frames) at SCHED_OTHER. With the packaged
# /usr/share/nixie/realtime.conf installed as its header says, the frame thread runs at
# SCHED_FIFO 10, the memory is locked (VmLck), and the clock says so (no refusal logged).
kt_sd_begin
dropin=/etc/systemd/system/$KT_UNIT.d/realtime.conf
rm -f "$dropin"
systemctl daemon-reload

# frame_thread: "POLICY PRIORITY" of the main process's nixie-frames thread (chrt's words);
# fails while the clock has no such thread.
frame_thread() {
  local pid task
  pid=$(kt_sd_prop MainPID)
  for task in /proc/"$pid"/task/*; do
    [[ $(cat "$task/comm" 2>/dev/null) == nixie-frames ]] || continue
    chrt -p "${task##*/}" | awk -F': ' '
      /policy/ { policy = $2 } /priority/ { priority = $2 } END { print policy, priority }'
    return 0
  done
  return 1
}
frame_thread_is() { [[ $(frame_thread) == "$1" ]]; }
locked_kib() { awk '$1 == "VmLck:" { print $2 }' /proc/"$(kt_sd_prop MainPID)"/status; }

pid=$(kt_sd_prop MainPID)
kt_sd_config "$(kt_sd_standard_with '$a realtime: true')"
kt_sd_restart
kt_sd_wait "$KT_SD_START" "nixie-clock runs again with realtime: true" kt_sd_new_pid "$pid"
kt_sd_wait "$KT_SD_ANSWER" "without the drop-in, the refusal is logged" \
  kt_sd_logged 'realtime: the frame thread keeps normal priority.*realtime\.conf'
kt_sd_wait "$KT_SD_ANSWER" "the frame thread runs (refused: SCHED_OTHER)" frame_thread_is "SCHED_OTHER 0"
echo "ok: without the drop-in: $(frame_thread), refusal logged"
kt_expect "the clock runs on without real-time priority" active/running \
  "$(kt_sd_prop ActiveState)/$(kt_sd_prop SubState)"

# Where the package installs it, or Scripts/install (the VM without a package).
shipped=/usr/share/nixie/realtime.conf
[[ -e $shipped ]] || shipped=/usr/local/share/nixie/realtime.conf
install -D -m 0644 "$shipped" "$dropin"
systemctl daemon-reload
kt_sd_cursor
pid=$(kt_sd_prop MainPID)
kt_sd_restart
kt_sd_wait "$KT_SD_START" "nixie-clock runs again with the drop-in" kt_sd_new_pid "$pid"
kt_sd_wait "$KT_SD_ANSWER" "the frame thread at SCHED_FIFO 10" frame_thread_is "SCHED_FIFO 10"
echo "ok: with the drop-in: the frame thread is $(frame_thread)"
locked=$(locked_kib)
((${locked:-0} > 0)) || kt_fail "memory not locked with the drop-in (VmLck: ${locked:-none} kB)"
echo "ok: memory locked (VmLck: $locked kB)"
kt_sd_wait "$KT_SD_ANSWER" "the clock says it runs in real time" \
  kt_sd_logged '^realtime: frame thread at SCHED_FIFO 10, memory locked$'
if kt_sd_logged 'realtime: (the frame thread keeps|memory not locked)'; then
  kt_sd_journal -o cat | grep 'realtime:'
  kt_fail "with the drop-in, the clock still logged a realtime refusal"
fi
echo "ok: with the drop-in the clock logs that it runs in real time, and no refusal"

rm -f "$dropin"
systemctl daemon-reload
kt_sd_standard
