# SHCP and STCP (BCM 11 and 8) rest high between frames (the vendor library's idle levels):
# high in most of the host's 50 readings while omnixie-ntdb ran.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
for line in 11 8; do
  high=$(kt_pi3_share_high running "$line")
  echo "BCM $line high in a share $high of the readings"
  "$KT_PYTHON" -c "import sys; sys.exit(not $high >= 0.8)" || kt_fail "BCM $line is not high at rest: high in a share $high"
done
