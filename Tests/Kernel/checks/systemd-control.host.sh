# 42 reached the tubes between `nixie send 42` and 1 s after it returned, 43 (the refused
# user's) never did, and 44, sent after the restart, did as 42.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown shows --after send-42 --before sent-42+1 --digits 42 || kt_fail "42 did not show within 1 s of nixie send 42"
if kt_sd_shown shows --after send-43 --before end --digits 43; then
  kt_fail "the refused user's 43 showed"
fi
kt_sd_shown shows --after send-44 --before sent-44+1 --digits 44 || kt_fail "44 did not show within 1 s after the restart"
