# Debian's libgpiod 1.6 tools on gpio-sim: outputs reach the simulator, a busy line is
# refused, lines are released on exit, pulls read back, and pulls make real edge events.
gpioset --mode=signal "$KT_GPIO_LABEL" "$(kt_line din)=1" "$(kt_line bl)=1" &
holder=$!
kt_wait_consumer din
kt_expect "consumer of din" gpioset "$(kt_consumer din)"
kt_expect "din driven high" 1 "$(kt_get din)"
kt_expect "bl driven high" 1 "$(kt_get bl)"
kt_expect "clk untouched" 0 "$(kt_get clk)"
if gpioset "$KT_GPIO_CHIP" "$(kt_line din)=0" 2>busy.err; then
  kt_fail "a second request for a busy line succeeded"
fi
grep -q "Device or resource busy" busy.err || kt_fail "busy line: unexpected error: $(cat busy.err)"
echo "ok: busy line refused: $(cat busy.err)"
kill -TERM "$holder"
wait "$holder" || true
kt_expect "din free after SIGTERM" "" "$(kt_consumer din)"
kt_expect "din back to its pull" 0 "$(kt_get din)"

kt_pull enc-a up
kt_expect "gpioget enc-a pulled up" 1 "$(gpioget "$KT_GPIO_CHIP" "$(kt_line enc-a)")"
kt_pull enc-a down
kt_expect "gpioget enc-a pulled down" 0 "$(gpioget "$KT_GPIO_CHIP" "$(kt_line enc-a)")"

timeout 30 gpiomon --num-events=2 "$KT_GPIO_CHIP" "$(kt_line enc-a)" >gpiomon.out &
monitor=$!
kt_wait_consumer enc-a
kt_pull enc-a up
kt_pull enc-a down
wait "$monitor" || kt_fail "gpiomon did not see two events: $(cat gpiomon.out)"
cat gpiomon.out
kt_expect "edges seen by gpiomon" "RISING:$(kt_line enc-a) FALLING:$(kt_line enc-a)" \
  "$(awk '{ printf "%s%s:%s", sep, $2, $5; sep = " " }' gpiomon.out)"
