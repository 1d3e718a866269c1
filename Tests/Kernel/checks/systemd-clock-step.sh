# Issue 14, check 7 (clock steps): `date -s` one hour ahead, then back. The tubes follow each
# step within 1 s and never show a time that is neither the old clock's nor the new one's
# (systemd-clock-step.host.sh; markers right before and after each step hold the clocks).
kt_sd_begin
restore_clock() { [[ ! -f ahead ]] || date -s '-1 hour' >/dev/null; }
trap 'restore_clock; kt_stop_jobs' EXIT
kt_sd_observe 1.5
kt_sd_mark before-ahead
date -s '+1 hour' >/dev/null
kt_sd_mark ahead
touch ahead
kt_sd_wait "$KT_SD_ANSWER" "nixie notices the clock step" kt_sd_logged 'the system clock was set'
kt_sd_observe 2.5
kt_sd_mark before-back
date -s '-1 hour' >/dev/null
kt_sd_mark back
rm ahead
kt_sd_observe 2.5
kt_sd_mark end
kt_sd_trace
