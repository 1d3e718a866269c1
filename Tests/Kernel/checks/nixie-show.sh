# variants: gpiod1 gpiod2
# nixie's own HV5622 path on gpio-sim: `nixie show --backend hardware` on the test board while
# the kernel traces every GPIO value write; nixie-show.host.sh decodes the traces and compares
# them with the simulator. Here: the runs, the lines released on exit and on SIGTERM (the
# tubes blanked first), and a busy line refused with the documented error (exit 69, naming
# who holds it).
[[ -x ${KT_NIXIE:-} ]] || kt_fail "no nixie build for libgpiod $KT_GPIOD: run Scripts/kernel-test (it builds both)"
board=$(kt_board hv5622-6xin14-sim)
show() { "$KT_NIXIE" show --backend hardware --board "$board" "$@"; }

# 1. Three frames, no transition: --from, the value, and the blank after --hold.
kt_trace_start
show --transition none --from 11:11:11 --hold 0.2 --frames-log none.frames.jsonl 12:34:56
kt_trace_stop none.trace
kt_expect "din free after exit" "" "$(kt_consumer din)"

# 2. The same frame twice: the second costs nothing.
kt_trace_start
show --transition none --from 12:34:56 12:34:56
kt_trace_stop unchanged.trace

# 3. The default cross-fade (500 ms) between two values that differ in every tube. Its PWM
#    frames depend on timing; the host part says what must hold. Under TCG a debug build
#    writes some 300 frames a second: a 96 MB buffer holds 3 000 frames of libgpiod 1.6.
kt_trace_start 98304
show --from 12:34:56 --frames-log fade.frames.jsonl 65:43:21
kt_trace_stop fade.trace
kt_expect "din free after the cross-fade" "" "$(kt_consumer din)"

# 4. Held, then SIGTERM: the tubes are blanked, the process exits 1 (cancelled, as Ctrl-C),
#    and the lines are free. Meanwhile a second nixie, and then a line held by gpioset, are
#    refused: exit 69, naming the holder.
kt_trace_start
# (Not through show(): a function in the background is a subshell, and $! would be its PID.)
"$KT_NIXIE" show --backend hardware --board "$board" --transition none --hold 120 \
  --frames-log term.frames.jsonl 12:34:56 2>term.err &
holder=$!
kt_wait_consumer din 60
kt_wait_consumer bl 60
kt_expect "consumer of din while held" nixie "$(kt_consumer din)"
status=0
show --transition none 99:99:99 2>busy.err || status=$?
cat busy.err
kt_expect "a second nixie's exit status" 69 "$status"
grep -q 'held by "nixie"' busy.err || kt_fail "the busy error does not name the holder: $(cat busy.err)"
grep -q "another program or driver holds the line" busy.err || kt_fail "the busy error says not what to do"
# Once BL is up the frame is shown and nixie waits out --hold.
for ((tries = 0; tries < 600; tries++)); do [[ $(kt_get bl) == 1 ]] && break; sleep 0.05; done
kt_expect "BL up while held" 1 "$(kt_get bl)"
kill -TERM "$holder"
status=0
wait "$holder" || status=$?
kt_trace_stop term.trace
cat term.err
kt_expect "exit status after SIGTERM" 1 "$status"
grep -q "SIGTERM: the tubes are blanked" term.err || kt_fail "no word of SIGTERM: $(cat term.err)"
kt_expect "din free after SIGTERM" "" "$(kt_consumer din)"
kt_expect "bl free after SIGTERM" "" "$(kt_consumer bl)"

gpioset --mode=signal "$KT_GPIO_LABEL" "$(kt_line clk)=0" &
gpioset=$!
kt_wait_consumer clk
status=0
show --transition none 12:34:56 2>gpioset.err || status=$?
kill -TERM "$gpioset"
wait "$gpioset" || true
cat gpioset.err
kt_expect "exit status with clk held by gpioset" 69 "$status"
grep -q "line $(kt_line clk) held by \"gpioset\"" gpioset.err || kt_fail "the error does not name gpioset: $(cat gpioset.err)"
kt_expect "din free after the refusal" "" "$(kt_consumer din)"
kt_reset_pulls
