# libgpiod 2.x, built from the C sources in PyPI's gpiod sdist, on gpio-sim: pkg-config
# selects it, one request holds outputs and edge-detecting inputs, values are set in one
# call, pulls arrive as edge events in one ordered queue (increasing global sequence numbers
# and timestamps), and the push switch's kernel debounce delivers its edge.
version=$(PKG_CONFIG_PATH="$KT_LIBGPIOD2/lib/pkgconfig" pkg-config --modversion libgpiod)
[[ $version == 2.* ]] || kt_fail "pkg-config found libgpiod $version, not 2.x"
echo "ok: pkg-config libgpiod $version"

a=$(kt_line enc-a) b=$(kt_line enc-b) sw=$(kt_line enc-sw)
coproc PROBE { "$KT_TOOLS/gpiod-probe-v2" "$KT_GPIO_CHIP" \
  "$(kt_line din)=1,$(kt_line clk)=0,$(kt_line le)=1,$(kt_line bl)=1" "$a,$b,$sw/2000"; }
probe=$PROBE_PID
# Its output, on a descriptor of our own: bash drops PROBE[0] once the process has exited.
exec {probe_out}<&"${PROBE[0]}"
lines=()
while read -r -t 30 line <&"$probe_out"; do
  lines+=("$line")
  [[ $line != ready ]] || break
done
printf '%s\n' "${lines[@]}"
kt_expect "probe start" "api $version|input $a=1|input $b=1|input $sw=1|ready" "$(IFS='|'; echo "${lines[*]}")"
kt_expect "din clk le bl" "1 0 1 1" "$(kt_get din) $(kt_get clk) $(kt_get le) $(kt_get bl)"
kt_expect "consumer" gpiod-probe-v2 "$(kt_consumer enc-a)"

kt_pull enc-a down
kt_pull enc-b down
kt_pull enc-a up
kt_pull enc-sw down
events=()
for _ in 1 2 3 4; do
  read -r -t 30 line <&"$probe_out" || kt_fail "only ${#events[@]} events: ${events[*]}"
  events+=("$line")
done
printf '%s\n' "${events[@]}" | tee events.txt
kt_expect "edges in order" "$a falling 1|$b falling 2|$a rising 3|$sw falling 4" \
  "$(awk '{ printf "%s%s %s %s", sep, $2, $3, $5; sep = "|" }' events.txt)"
awk 'NR > 1 && $4 < last { exit 1 } { last = $4 }' events.txt || kt_fail "timestamps go backwards"
echo "ok: timestamps increase"
eval "exec ${PROBE[1]}>&-"
read -r -t 30 line <&"$probe_out" || true
kt_expect "probe end" "done" "$line"
wait "$probe"
kt_expect "lines released" "" "$(kt_consumer enc-a)$(kt_consumer din)"
kt_reset_pulls
