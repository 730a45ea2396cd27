# SPDX-License-Identifier: MIT
"""One module per `tricktally` subcommand; each exposes `command`."""
