"""petflow: a Python client for petflowd, the PetSpot form engine.

    import petflow

    with petflow.Client() as client:
        result = client.format("chipNumber", "123456")
        print(result.drawn())          # 12345-6|

Offsets are Python ``str`` indices (the client negotiates utf-32). Errors answered by
petflowd raise :class:`PetFlowError`; a daemon that dies raises :class:`DaemonExited`,
an answer that takes too long :class:`Timeout` (both subclasses of PetFlowError).
"""

from __future__ import annotations

from .client import (Client, Edit, Options, SelectionLike, delete_backward, delete_forward,
                     insert, replace)
from .errors import DaemonExited, PetFlowError, Timeout
from .types import (Choice, FieldError, FieldInfo, FieldResult, FlowInfo, FlowSnapshot,
                    FlowValidation, Progress, Selection, ServerInfo, Step, StepField,
                    Validation)

__version__ = "0.1.0"

__all__ = [
    "Client", "PetFlowError", "DaemonExited", "Timeout",
    "insert", "delete_backward", "delete_forward", "replace",
    "Edit", "Options", "SelectionLike",
    "Choice", "FieldError", "FieldInfo", "FieldResult", "FlowInfo", "FlowSnapshot",
    "FlowValidation", "Progress", "Selection", "ServerInfo", "Step", "StepField",
    "Validation",
]
