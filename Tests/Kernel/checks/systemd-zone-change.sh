# Issue 14, check 7 (time zone): with no zone in nixie.yaml the clock shows the system's, and
# a change of /etc/localtime (what timedatectl set-timezone does) reaches the tubes within 1 s
# (systemd-zone-change.host.sh).
kt_sd_begin
ln -sf /usr/share/zoneinfo/Asia/Kathmandu /etc/localtime
kt_sd_config "$(kt_sd_standard_with '/^timezone:/d')"
pid=$(kt_sd_prop MainPID)
kt_sd_restart
kt_sd_wait "$KT_SD_START" "nixie-clock runs again after the restart" kt_sd_new_pid "$pid"
kt_sd_mark ready "at_us=$(kt_sd_prop ActiveEnterTimestampMonotonic)"
kt_sd_observe 3
kt_sd_mark before-zone-change
ln -sf /usr/share/zoneinfo/America/Sao_Paulo /etc/localtime
kt_sd_mark zone-changed
# The sandbox (ProtectSystem=strict: /etc read-only) still shows the daemon the new zone.
kt_expect "/etc/localtime as the daemon sees it" /usr/share/zoneinfo/America/Sao_Paulo \
  "$(readlink "/proc/$(kt_sd_prop MainPID)/root/etc/localtime")"
kt_sd_observe 2.5
kt_sd_mark end
kt_sd_trace
kt_sd_standard
