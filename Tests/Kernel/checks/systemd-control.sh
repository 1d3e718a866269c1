# Issue 14, check 6: the control socket. A user in group nixie can `nixie send 42` and the
# tubes show 42 (systemd-control.host.sh); a user outside it is refused with a message that
# says it is about permission; after a restart the socket works again.
kt_sd_begin
getent passwd kt-member >/dev/null || useradd --no-create-home --groups nixie kt-member
getent passwd kt-stranger >/dev/null || useradd --no-create-home kt-stranger
socket=/run/nixie/control.sock
kt_expect "the socket's mode and group" "660 nixie" "$(stat -c '%a %G' "$socket")"
kt_sd_mark send-42
runuser -u kt-member -- nixie send 42 || kt_fail "nixie send 42 as a member of group nixie failed"
kt_sd_mark sent-42
status=0
kt_sd_mark send-43
runuser -u kt-stranger -- nixie send 43 2>stranger.err || status=$?
kt_sd_mark sent-43
cat stranger.err
((status != 0)) || kt_fail "a user outside group nixie could send"
grep -qi 'permission' stranger.err || kt_fail "the refusal does not say it is about permission"
grep -q "$socket" stranger.err || kt_fail "the refusal does not name the socket"
grep -q 'group' stranger.err || kt_fail "the refusal does not point at the socket's group"
kt_sd_observe 1.5

pid=$(kt_sd_prop MainPID)
kt_sd_restart
kt_sd_wait "$KT_SD_START" "nixie-clock runs again after the restart" kt_sd_new_pid "$pid"
kt_expect "the socket's mode and group after the restart" "660 nixie" "$(stat -c '%a %G' "$socket")"
kt_sd_mark send-44
runuser -u kt-member -- nixie send 44 || kt_fail "nixie send 44 after the restart failed"
kt_sd_mark sent-44
kt_sd_observe 1.5
kt_sd_mark end
kt_sd_trace
