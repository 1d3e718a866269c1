# Issue 16: the buttons on the wire (what systemd-ncs314-buttons.sh saw through the socket),
# decoded with the vendor's NCS314 protocol (lib/ncs314.py): after MODE the tubes show the
# second face (HH:mm: four digits); with DOWN's brightness LE is PWM (dark windows between
# frames, the frame shifted once); after UP back to 100 % LE stays high (no dark window).
[[ ! -f skip ]] || kt_skip "$(cat skip)"
export KT_SD_NCS314=hv5122
kt_sd_shown frames >frames.jsonl
kt_sd_marks >marks.jsonl
mark() { kt_json marks.jsonl "[m for m in j if m['name'] == '$1'][-1]['mono_ns']"; }
mode=$(mark mode) mode_shown=$(mark mode-shown) down=$(mark down) up=$(mark up) up_shown=$(mark up-shown) long=$(mark long)
between() { kt_json frames.jsonl "[f for f in j if $1 <= f['mono_ns'] <= $2]"; }
kt_expect "six digits on the wire right before MODE" 6 \
  "$(kt_json frames.jsonl "sum(c != ' ' for c in [f for f in j if f['mono_ns'] <= $mode][-1]['digits'])")"
kt_expect "four digits on the wire when MODE's face showed" 4 \
  "$(kt_json frames.jsonl "sum(c != ' ' for c in [f for f in j if f['mono_ns'] <= $mode_shown][-1]['digits'])")"
dark_down=$(kt_json frames.jsonl "sum(1 for f in j if $down <= f['mono_ns'] <= $up and f['cause'] == 'dark')")
dark_up=$(kt_json frames.jsonl "sum(1 for f in j if $up_shown <= f['mono_ns'] <= $long and f['cause'] == 'dark')")
echo "dark windows (LE low, nothing shifted): $dark_down at DOWN's brightness, $dark_up back at 100 %"
((dark_down >= 10)) || kt_fail "DOWN's brightness did not dim by PWM on LE ($dark_down dark windows)"
kt_expect "dark windows at 100 % after UP" 0 "$dark_up"
