# Issue 32: an alarm rings the NCS314's piezo from the service in its sandbox. The built-in
# ncs314 profile drives its buzzer (BCM 17) as the vendor's firmware does with tone(): a
# passive piezo, a square wave at the note's pitch. nixie.yaml sets an alarm for the first
# minute at least 25 s away with one long low note (C4, 261.63 Hz, a whole note at 60 beats a
# minute: 4 s), the service restarted on ncs314 over spidev. The margin counts from when the
# clock is ready: a start that left it under 10 s (a loaded host under TCG; the bound of a
# start is 90 s) moves the alarm to the next such minute with a reload. The check waits for the
# state to say it rings, listens for 5 s, stops it with `nixie send --alarm stop` and waits for
# the bell to be silent. systemd-ncs314-alarm.host.sh reads the pitch, the start and the
# silence on the wire.
kt_sd_begin
# alarm_config: sets the ring (epoch seconds) and its minute (`at`, HH:MM in the zone), the
# first minute at least 25 s from now, and writes the configuration (./nixie.yaml) ringing then.
alarm_config() {
  local now
  now=$(date +%s)
  ring=$(((now + 25 + 59) / 60 * 60))
  at=$(TZ="$KT_SD_ZONE" date -d "@$ring" +%H:%M)
  echo "the alarm at $at in $KT_SD_ZONE: $ring (now $now)"
  kt_sd_ncs314_config "/^control:/i alarms:\\n  - {at: \"$at\", tune: \"low:d=1,o=4,b=60:c\", ring-for: 1m}" >/dev/null
}
alarm_config
kt_sd_ncs314_start "$PWD/nixie.yaml"
if (($(date +%s) + 10 > ring)); then
  echo "the start left $((ring - $(date +%s))) s to the alarm: moved with a reload"
  alarm_config
  kt_sd_config "$PWD/nixie.yaml"
  systemctl reload "$KT_UNIT"
fi
echo "$ring" >ring.epoch
next="[1, \"$(date -u -d "@$ring" +%Y-%m-%dT%H:%M:%SZ)\"]"
next_ring() { [[ $(kt_sd_state_of '[s["alarm"]["next_alarm"], s["alarm"]["next"]]') == "$next" ]]; }
kt_sd_wait "$KT_SD_ANSWER" "the next ring in the state: $next" next_ring
bell() { [[ $(kt_sd_state_of 's["alarm"]["bell"]') == "\"$1\"" ]]; }
kt_sd_wait 90 "the alarm rings at $at" bell ringing
kt_sd_mark ringing
kt_sd_consumers | tee consumers.txt
grep -q "^17 " consumers.txt || kt_fail "nixie does not hold the buzzer line BCM 17 while the alarm rings"
kt_sd_observe 5
kt_sd_mark stopping
nixie send --alarm stop || kt_fail "nixie send --alarm stop exited $?"
kt_sd_wait "$KT_SD_ANSWER" "the bell silent after --alarm stop" bell silent
kt_sd_mark stopped
kt_sd_observe 1
kt_sd_mark quiet
kt_expect "the buzzer line after the stop" 0 "$(kt_get 17)"
kt_sd_trace
kt_sd_ncs314_end
