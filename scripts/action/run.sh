#!/usr/bin/env bash
# The scan step of the GitHub Action (action.yml). Inputs arrive as INPUT_* environment variables and the
# token as MCP_POSTURE_TOKEN: the workflow never interpolates them into a command line, so neither a URL
# nor a token can inject shell or show up in the process list. Writes every requested format, appends the
# Markdown report to the job summary, sets the step outputs, and exits 0 even when the scan fails: the
# action's last step fails the job with the scan's exit code, after the SARIF upload has run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cli="$root/dist/bin/mcp-posture.js"

url="${INPUT_URL:-}"
targets="${INPUT_TARGETS:-}"
fail_on="${INPUT_FAIL_ON:-}"
min_grade="${INPUT_MIN_GRADE:-}"
formats="${INPUT_FORMATS:-sarif,markdown,html,json}"
out_dir="${INPUT_OUTPUT_DIR:-mcp-posture-report}"
mode="${INPUT_MODE:-}"
lock="${INPUT_LOCK:-}"
upload_sarif="${INPUT_UPLOAD_SARIF:-true}"
docs_url="${INPUT_DOCS_URL:-}"
# Doc links in the summary and PR comments must be absolute: default to this action's repository at its ref.
if [[ -z "$docs_url" && -n "${ACTION_REPOSITORY:-}" && -n "${ACTION_REF:-}" ]]; then
  docs_url="${ACTION_SERVER_URL:-https://github.com}/$ACTION_REPOSITORY/blob/$ACTION_REF/docs/checks"
fi

# Without a GitHub runner (local runs, tests without the variables) outputs and summary go nowhere.
outputs_file="${GITHUB_OUTPUT:-/dev/null}"
summary_file="${GITHUB_STEP_SUMMARY:-/dev/null}"

set_output() {
  local name="$1" value="$2"
  if [[ "$value" == *$'\n'* ]]; then
    local delim="mcp_posture_$RANDOM$RANDOM"
    printf '%s<<%s\n%s\n%s\n' "$name" "$delim" "$value" "$delim" >>"$outputs_file"
  else
    printf '%s=%s\n' "$name" "$value" >>"$outputs_file"
  fi
}

mkdir -p "$out_dir"
out_dir="$(cd "$out_dir" && pwd)"

# The summary needs the Markdown report and the upload needs SARIF, whatever else was asked for.
formats="${formats// /}"
[[ ",$formats," == *,markdown,* ]] || formats="$formats,markdown"
if [[ "$upload_sarif" == "true" && ",$formats," != *,sarif,* ]]; then formats="$formats,sarif"; fi
formats="${formats#,}"

code=0
args=(scan --format "$formats" --output-dir "$out_dir" --no-color)
# Empty inputs leave the config file's (or the CLI's) defaults in force.
if [[ -n "$fail_on" ]]; then args+=(--fail-on "$fail_on"); fi
if [[ -n "$min_grade" ]]; then args+=(--min-grade "$min_grade"); fi
if [[ -n "$mode" ]]; then args+=(--mode "$mode"); fi
if [[ -n "$lock" ]]; then args+=(--lock "$lock"); fi
if [[ -n "$docs_url" ]]; then args+=(--docs-url "$docs_url"); fi
if [[ -n "${MCP_POSTURE_TOKEN:-}" ]]; then
  if [[ "${GITHUB_ACTIONS:-}" == "true" ]]; then echo "::add-mask::$MCP_POSTURE_TOKEN"; fi
  args+=(--token-env MCP_POSTURE_TOKEN)
fi
if [[ -n "${MCP_POSTURE_SECOND_TOKEN:-}" ]]; then
  if [[ "${GITHUB_ACTIONS:-}" == "true" ]]; then echo "::add-mask::$MCP_POSTURE_SECOND_TOKEN"; fi
  args+=(--second-token-env MCP_POSTURE_SECOND_TOKEN)
fi
if [[ -n "${MCP_POSTURE_NARROW_TOKEN:-}" ]]; then
  if [[ "${GITHUB_ACTIONS:-}" == "true" ]]; then echo "::add-mask::$MCP_POSTURE_NARROW_TOKEN"; fi
  args+=(--narrow-token-env MCP_POSTURE_NARROW_TOKEN)
fi
if [[ -n "$url" && -n "$targets" ]]; then
  echo "::error::give either the url input or the targets input, not both" >&2
  code=2
elif [[ -n "$url" ]]; then
  # `--` ends the options: a URL starting with "-" is an argument, never a flag.
  args+=(-- "$url")
elif [[ -n "$targets" ]]; then
  args+=(--config "$targets")
else
  echo "::error::give the url input (an MCP endpoint) or the targets input (a config file)" >&2
  code=2
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if [[ "$code" -eq 0 ]]; then
  echo "mcp-posture ${args[*]}"
  # Capture the exit code without failing this step; stdout lists the files written ("wrote FILE").
  set +e
  node "$cli" "${args[@]}" | tee "$log"
  code="${PIPESTATUS[0]}"
  set -e
fi

# Written files by output name; per-target formats give one file per target (newline-separated).
files_with() {
  local pattern="$1" exclude="${2:-}" line file
  local found=()
  while IFS= read -r line; do
    [[ "$line" == wrote\ * ]] || continue
    file="${line#wrote }"
    [[ "$file" == $pattern ]] || continue
    [[ -n "$exclude" && "$file" == $exclude ]] && continue
    found+=("$file")
  done <"$log"
  if ((${#found[@]})); then printf '%s\n' "${found[@]}"; fi
}

markdown="$(files_with '*.md' '*.compliance.md')"
set_output exit-code "$code"
set_output report-dir "$out_dir"
set_output sarif "$(files_with '*.sarif')"
set_output json "$(files_with '*.json')"
set_output markdown "$markdown"
set_output html "$(files_with '*.html')"

if [[ -n "$markdown" ]]; then
  while IFS= read -r file; do
    cat "$file" >>"$summary_file"
    printf '\n' >>"$summary_file"
  done <<<"$markdown"
else
  printf '**mcp-posture** exited with code %s before writing a report; see the step log.\n' "$code" >>"$summary_file"
fi

echo "mcp-posture exit code: $code"
exit 0
