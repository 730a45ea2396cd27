# SPDX-License-Identifier: MIT
"""The `tricktally` PC tools: score, sync, database, export, plots, stats, deploy, simulator."""
