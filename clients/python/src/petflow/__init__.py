"""petflow: a Python client for petflowd, the PetSpot form engine.

    import petflow

    with petflow.Client() as client:
        result = client.format("chipNumber", "123456")
        print(result.drawn())          # 12345-6|

Offsets are Python ``str`` indices (the client negotiates utf-32). Errors answered by
petflowd raise :class:`PetFlowError` (:class:`StaleRevision` for a stale flow ``rev``); the
client's own failures are its subclasses: :class:`DaemonExited` (:class:`ClientClosed`
after close()), :class:`Timeout`, :class:`UnsendableInput` and :class:`DaemonNotFound`.
"""

from __future__ import annotations

from .client import (Client, Edit, Options, SelectionLike, delete_backward, delete_forward,
                     insert, replace)
from .errors import (ClientClosed, DaemonExited, DaemonNotFound, PetFlowError, StaleRevision,
                     Timeout, UnsendableInput)
from .types import (Choice, Dropped, FieldError, FieldInfo, FieldResult, FlowInfo,
                    FlowSnapshot, FlowValidation, Progress, Selection, ServerInfo, Step,
                    StepField, Validation)

def _version() -> str:
    # One number for petflowd and both clients, stamped into the package's metadata when it
    # is built (setup.py); a source tree that was never installed has none.
    try:
        from importlib.metadata import PackageNotFoundError, version
        return version("petflow")
    except PackageNotFoundError:
        return "0+unknown"


__version__ = _version()

__all__ = [
    "Client", "PetFlowError", "DaemonExited", "ClientClosed", "Timeout", "StaleRevision",
    "UnsendableInput", "DaemonNotFound",
    "insert", "delete_backward", "delete_forward", "replace",
    "Edit", "Options", "SelectionLike",
    "Choice", "Dropped", "FieldError", "FieldInfo", "FieldResult", "FlowInfo", "FlowSnapshot",
    "FlowValidation", "Progress", "Selection", "ServerInfo", "Step", "StepField",
    "Validation",
]
