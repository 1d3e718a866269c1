# Issue 16: NCS314's three buttons drive the clock as the knob does (docs/INTERFACE.md: MODE
# = next face, a long press = night mode; UP/DOWN = brightness), pressed on the header chip
# (BCM 24/18/23, pulled up by nixie's request, pressed = low: kt_pull) while the service runs
# on ncs314 over spidev. Each press is observed through the control socket's state (protocol
# version 2) and marked in the trace; systemd-ncs314-buttons.host.sh reads the same on the
# wire: the second face's digits after MODE, LE dimming (dark windows) while DOWN's brightness
# holds, none once UP brought it back.
kt_sd_begin
# Two faces: HH:mm:ss, then HH:mm (four digits: a face change the wire shows), each for a
# whole day, so that the rotation (counted from local midnight) never changes them itself.
kt_sd_ncs314_start "$(kt_sd_ncs314_config '/^control:/i faces:\n  - {format: "HH:mm:ss", seconds: 86400}\n  - {format: "HH:mm", seconds: 86400}')"
mode=24 up=18 down=23
for line in $mode $up $down; do
  kt_expect "BCM $line at rest (pulled up by nixie's request)" 1 "$(kt_get "$line")"
done
# A press: the line low for SECONDS, then released (the stimulus, not a wait for an outcome).
press() { kt_pull "$1" down; sleep "$2"; kt_pull "$1" up; }
digits_shown() { kt_sd_state_of 'sum(c.isdigit() for c in s["shows"]["text"])'; }
brightness() { kt_sd_state_of 's["settings"]["brightness"]'; }
night() { kt_sd_state_of 's["night"]'; }
is() { [[ $("$1") == "$2" ]]; }
dimmed() { [[ $(kt_sd_state_of 's["settings"]["brightness"] < 100') == true ]]; }
kt_sd_state_of >state-before.json
kt_expect "digits shown before MODE" 6 "$(digits_shown)"
kt_expect "brightness before the buttons" 100 "$(brightness)"
kt_expect "night before the buttons" false "$(night)"
kt_sd_mark mode
press $mode 0.2
kt_sd_wait "$KT_SD_ANSWER" "MODE: the next face (HH:mm, four digits)" is digits_shown 4
kt_sd_mark mode-shown
kt_sd_mark down
press $down 0.1
kt_sd_wait "$KT_SD_ANSWER" "DOWN: the brightness below 100" dimmed
kt_sd_mark down-shown
echo "DOWN: brightness $(brightness)"
kt_sd_observe 1
kt_sd_mark up
press $up 0.1
kt_sd_wait "$KT_SD_ANSWER" "UP: the brightness back to 100" is brightness 100
kt_sd_mark up-shown
kt_sd_observe 1
kt_sd_mark long
press $mode 1.5
kt_sd_wait "$KT_SD_ANSWER" "a long press of MODE: night mode" is night true
kt_sd_mark night
kt_expect "the face after a long press (no next face)" 4 "$(digits_shown)"
kt_sd_state_of >state-night.json
press $mode 1.5
kt_sd_wait "$KT_SD_ANSWER" "a second long press of MODE: night mode off" is night false
kt_sd_mark day
kt_sd_trace
kt_sd_ncs314_end
