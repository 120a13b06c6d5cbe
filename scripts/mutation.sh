#!/usr/bin/env bash
# The mutation check of the engine's rules (issue 47): StrykerJS mutates rule files and runs their
# tests against each mutant; scripts/mutation-summary.mjs then prints, per rule, the share of the
# mutants of its findings' location and message that the tests kill. Which rules: those changed
# against a base (MUTATION_BASE, a commit; CI passes the merge base), else a sample of
# MUTATION_SAMPLE rules (default 3) that moves with the day, so successive nightly runs cover the
# catalogue. Time-bounded: rules run one Stryker each, and no rule starts once MUTATION_SECONDS
# (default 270) are spent; the rules left are named. Exit 1 when Stryker fails (its initial test run
# failed: a rule's tests fail unmutated) or, for changed rules, when a location mutant survives.
# Usage: scripts/mutation.sh [rule-id ...]   (rule ids given: those, whatever the base)
set -uo pipefail
cd "$(dirname "$0")/.."
export DDEX_SHARED_DIR="${DDEX_SHARED_DIR:-$(cd .. && pwd)/shared/ddex}"
export DDEX_SCHEMAS_DIR="${DDEX_SCHEMAS_DIR:-$DDEX_SHARED_DIR/xsd}"
rules_dir=packages/engine/src/rules
budget="${MUTATION_SECONDS:-270}"
started=$(date +%s)

# A rule is the folder of its index.ts (rules/<stage>/<id>/index.ts).
rule_file() { ls "$rules_dir"/*/"$1"/index.ts 2>/dev/null | head -1; }

require=()
rules=()
if [ $# -gt 0 ]; then
  rules=("$@")
elif [ -n "${MUTATION_BASE:-}" ]; then
  mapfile -t rules < <(git diff --name-only "$MUTATION_BASE" -- "$rules_dir" | sed -nE 's#^'"$rules_dir"'/[^/]+/([^/]+)/.*#\1#p' | sort -u)
  # Changed rules must pin where their findings point.
  [ ${#rules[@]} -gt 0 ] && require=(--require-location)
  echo "mutation check: ${#rules[@]} rule(s) changed since $MUTATION_BASE"
fi
if [ ${#rules[@]} -eq 0 ] && [ $# -eq 0 ]; then
  mapfile -t all < <(ls -d "$rules_dir"/*/*/index.ts | sed -E 's#.*/([^/]+)/index.ts#\1#' | sort)
  n="${MUTATION_SAMPLE:-3}"
  day=$(( $(date +%s) / 86400 ))
  for ((i = 0; i < n && i < ${#all[@]}; i++)); do rules+=("${all[$(( (day * n + i) % ${#all[@]} ))]}"); done
  echo "mutation check: a sample of ${#rules[@]} of ${#all[@]} rules (the day's turn): ${rules[*]}"
fi

out=.tmp/mutation
rm -rf "$out" && mkdir -p "$out"
status=0
done_rules=()
left=()
for rule in "${rules[@]}"; do
  file=$(rule_file "$rule")
  if [ -z "$file" ]; then echo "mutation check: no rule $rule" >&2; status=1; continue; fi
  remaining=$(( budget - ($(date +%s) - started) ))
  # A rule takes about 30-60 s here (its mutants, two runners); none starts without 45 s left.
  if [ "$remaining" -lt 45 ]; then left+=("$rule"); continue; fi
  tests=$(ls "$(dirname "$file")"/*.test.ts | paste -sd, -)
  # stryker.config.mjs writes its JSON report to $out/mutation.json.
  if MUTATION_TESTS="$tests" timeout "$remaining" npx stryker run --mutate "$file" --reporters json >"$out/$rule.log" 2>&1; then
    mv "$out/mutation.json" "$out/$rule.json"
    done_rules+=("$rule")
  else
    code=$?
    if [ "$code" -eq 124 ]; then left+=("$rule (stopped at the time bound)")
    else echo "mutation check: Stryker failed on $rule (log: $out/$rule.log):" >&2; tail -5 "$out/$rule.log" >&2; status=1; fi
  fi
done

if [ ${#done_rules[@]} -gt 0 ]; then
  # One report of all rules run, for one table.
  node -e '
    const fs = require("fs"); const files = {}; let schema;
    for (const f of process.argv.slice(1)) { const r = JSON.parse(fs.readFileSync(f, "utf8")); schema ??= r; Object.assign(files, r.files); }
    fs.writeFileSync(".tmp/mutation/all.json", JSON.stringify({ ...schema, files }));
  ' $(for r in "${done_rules[@]}"; do echo "$out/$r.json"; done)
  node scripts/mutation-summary.mjs "$out/all.json" "${require[@]}" || status=1
fi
[ ${#left[@]} -gt 0 ] && echo "mutation check: not run within ${budget} s: ${left[*]}"
echo "mutation check: $(( $(date +%s) - started )) s"
exit $status
