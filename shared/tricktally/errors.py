# SPDX-License-Identifier: MIT
"""The one error the core raises, under its old module name.

RuleError is defined in the package itself (tricktally/__init__.py), which
every user of the core loads anyway; this module only keeps
``from tricktally.errors import RuleError`` working. The core does not
import it.
"""

from tricktally import RuleError  # noqa: F401
