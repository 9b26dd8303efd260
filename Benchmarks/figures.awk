# figures.awk: reads the JSON lines of figures that run.sh and instructions.sh collect, one
# {"name":…,"impl":…,"rows":…,"value":…} a line, and prints, as `mode` says:
#
#   awk -F'"' -v mode=ratios -f Benchmarks/figures.awk FIGURES   # JSON ratio lines, stdout
#   awk -F'"' -v mode=table -f Benchmarks/figures.awk FIGURES    # the table for people
#
# A ratio is TermElements' figure divided by the C baseline's, for each figure and row count
# both have, named after the figure without its unit ("scroll_step_cpu_us" gives
# "scroll_step_cpu_ratio"). The table lists every figure and row count in the order they came,
# with "-" where a side has none.
BEGIN {
  label["scroll_step_cpu_us"] = "CPU per one-row step (us)"
  label["page_step_cpu_us"] = "CPU per page step (us)"
  label["scroll_step_bytes"] = "bytes per one-row step"
  label["page_step_bytes"] = "bytes per page step"
  label["first_frame_ms"] = "time to first frame (ms)"
  label["peak_rss_kib"] = "peak RSS (KiB)"
  label["end_jump_cpu_us"] = "CPU per End jump (us)"
  label["row_jump_cpu_us"] = "CPU per scrollToRow (us)"
  label["first_screen_rss_kib"] = "RSS after first frame (KiB)"
  label["visit_scroll_step_cpu_us"] = "visit: CPU per one-row step"
  label["visit_first_screen_rss_kib"] = "visit: RSS after 1st frame"
  label["visit_peak_rss_kib"] = "visit: peak RSS (KiB)"
  label["instructions_per_row_step"] = "instructions per one-row step"
  label["instructions_per_page_step"] = "instructions per page step"
}
{
  name = $4; impl = $8; rows = $11; value = $13
  gsub(/[^0-9]/, "", rows); gsub(/[^0-9.eE+-]/, "", value)
  if (!(name in named)) { named[name] = 1; names[++nameCount] = name }
  if (!(rows in counted)) { counted[rows] = 1; counts[++rowCount] = rows }
  figure[impl, name, rows] = value
}
END {
  if (mode == "table") {
    printf "\n%-30s %10s %14s %14s %8s\n", "figure", "rows", "c-baseline", "termelements", "ratio"
  }
  for (n = 1; n <= nameCount; n++) {
    for (r = 1; r <= rowCount; r++) {
      name = names[n]; rows = counts[r]
      c = figure["c-baseline", name, rows]; t = figure["termelements", name, rows]
      if (c == "" && t == "") continue
      hasRatio = c != "" && t != "" && c + 0 != 0
      format = hasRatio && t / c < 0.1 ? "%.4f" : "%.2f"
      if (mode == "ratios") {
        if (!hasRatio) continue
        ratio = name; sub(/_(us|ms|kib)$/, "", ratio)
        printf "{\"name\":\"%s_ratio\",\"rows\":%s,\"value\":" format "}\n", ratio, rows, t / c
      } else {
        printf "%-30s %10s %14s %14s %8s\n", (name in label ? label[name] : name), rows, \
          (c == "" ? "-" : c), (t == "" ? "-" : t), (hasRatio ? sprintf(format, t / c) : "-")
      }
    }
  }
}
