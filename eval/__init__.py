"""mm-eval: evaluation harness (tasks, judges, metrics, reports)."""
