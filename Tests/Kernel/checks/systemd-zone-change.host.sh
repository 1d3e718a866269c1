# Kathmandu time (+05:45) from 2 s after READY=1, São Paulo time (-03:00) within 1 s of the
# change of /etc/localtime, nothing else.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown clock --zone Asia/Kathmandu --zone-at zone-changed=America/Sao_Paulo --follow 1 \
  --from ready --grace 2 --to end | tee clock.json ||
  kt_fail "the tubes did not follow the system's time zone within 1 s, or showed a wrong time (clock.json)"
