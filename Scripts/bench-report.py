#!/usr/bin/env python3
"""Turns package-benchmark sample files into Lunar's one-line-per-measure report.

A measure named <suite>.<measure>.ours with a sibling <suite>.<measure>.baseline
prints a ratio of medians (below 1 means Lunar is faster); a lone
<suite>.<measure> prints its median wall-clock in ms plus its custom metrics
(a custom metric named <name>_ns, in nanoseconds, prints as <name>_ms).

A paired measure (Benchmarks/BenchSupport) is one benchmark <suite>.<measure>
with the custom metrics ratio_ppm, ours_ns and baseline_ns, one value each per
sample: it prints the median of the per-sample ratios, and each side's median.
Custom metrics come scaled down in the sample files ("(K)": thousands, ...);
they are scaled back before use.
"""
import glob
import os
import re
import statistics
import sys

UNITS = {"ns": 1e-6, "μs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}

# Plain measures whose line names its fields in a set order (as their issue spells the line);
# any other plain measure prints ms first, then its custom metrics by name.
FIELD_ORDER = {"ui.component_update": ["renders", "mutations", "ms"]}


def read_samples(path):
    with open(path, encoding="utf-8") as f:
        header = f.readline()
        values = [float(line) for line in f if line.strip()]
    unit = re.search(r"\((ns|μs|us|ms|s)\)", header)
    # Custom metrics are printed scaled down: "(K)" thousands, "(M)" millions, ...
    scale = re.search(r"\(([KMGTP])\)", header)
    if scale:
        factor = 1000 ** ("KMGTP".index(scale.group(1)) + 1)
        values = [v * factor for v in values]
    return header, values, unit.group(1) if unit else None


def custom_in_ms(fields):
    """Custom metrics are integers: a `<name>_ns` one (nanoseconds) prints as `<name>_ms`."""
    out = {}
    for k, v in fields.items():
        if k.endswith("_ns"):
            out[k[: -len("_ns")] + "_ms"] = round(v / 1e6, 3)
        else:
            out[k] = v
    return out


def main(directory):
    measures = {}  # name -> {metric: median}
    for path in glob.glob(os.path.join(directory, "*.histogram.samples.tsv")):
        base = os.path.basename(path)[: -len(".histogram.samples.tsv")]
        header, values, unit = read_samples(path)
        if not values:
            continue
        # <baseline>.<target>.<benchmark name>.<metric>; benchmark names contain dots.
        parts = base.split(".")
        metric = parts[-1]
        name = ".".join(parts[2:-1])
        median = statistics.median(values)
        if metric in ("wallClock", "Time_wall_clock", "Time__wall_clock_") or "wall" in metric.lower():
            measures.setdefault(name, {})["ms"] = median * UNITS.get(unit or "ns", 1e-6)
        else:
            measures.setdefault(name, {})[metric] = median
    lines = []
    for name in sorted(measures):
        if name.endswith(".baseline"):
            continue
        fields = measures[name]
        if "ratio_ppm" in fields:
            # A paired measure: the median of per-sample ratios, and each side's median time.
            # Side times come rounded to the unit the sample files use (1 ms for sides of 10 ms and
            # more): three significant figures, not more. The ratio has its own, finer samples.
            lines.append(f"{name} ratio={fields['ratio_ppm'] / 1e6:.3f} "
                         f"ours={fields.get('ours_ns', 0) / 1e6:.3g}ms baseline={fields.get('baseline_ns', 0) / 1e6:.3g}ms")
            continue
        if name.endswith(".ours"):
            measure = name[: -len(".ours")]
            baseline = measures.get(measure + ".baseline")
            if not baseline or "ms" not in baseline or "ms" not in measures[name]:
                lines.append(f"{measure} ratio=missing")
                continue
            ours, theirs = measures[name]["ms"], baseline["ms"]
            lines.append(f"{measure} ratio={ours / theirs:.3f} ours={ours:.3f}ms baseline={theirs:.3f}ms")
        else:
            fields = measures[name]
            if name in FIELD_ORDER:
                shown = custom_in_ms(fields)
                lines.append(name + " " + " ".join(
                    f"ms={shown['ms']:.3f}" if k == "ms" else f"{k}={shown[k]:g}"
                    for k in FIELD_ORDER[name] if k in shown))
                continue
            extra = " ".join(f"{k}={v:g}" for k, v in sorted(custom_in_ms(fields).items()) if k != "ms")
            lines.append(f"{name} ms={fields.get('ms', float('nan')):.3f} {extra}".rstrip())
    print("\n".join(lines))
    return 0 if lines else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
