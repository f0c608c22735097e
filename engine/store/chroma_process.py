"""A local Chroma store run in a process of its own, for the long-lived front ends.

chromadb costs a process about 50 MB to import, and once a collection has been written and
queried its loaded index and native heap stay resident: a process that wrote the first
vectors of a 10,000-note vault keeps about 80 MB more than one that never touched Chroma,
even after closing the client. The app, `watch` and the MCP server answer queries from the
in-memory mirror; Chroma is only where vectors are written and kept. So there, Chroma runs
in a child process (`WorkspaceConfig.chroma_apart`), and its code and index never enter the
long-lived one.

`ChromaProcessClient` stands where `chromadb.PersistentClient` would, with the few calls the
vector store makes (`get_or_create_collection`, `delete_collection`, `get_max_batch_size`,
`close`, and a collection's `upsert`, `delete`, `get`, `count`, `query`). Each call is one
request and one answer, pickled frames on the child's stdin and stdout. Calls are
serialised (one child, one pipe) and synchronous: when a write returns, Chroma has it.

The child's lifetime:
- it starts on the first call and opens the folder under a lock of its own, so a child
  left over from a process that died finishes its last write before another one opens it;
- it exits when its parent closes or disconnects the store, when its stdin closes (the
  parent died), or after `IDLE_EXIT_S` without a request: an app idle in the tray keeps no
  Chroma at all;
- a call that finds the child gone (it idled out, or was killed) starts a new one and asks
  again, once. Every call is safe to repeat (an upsert or delete of the same ids, a read).

    python -m engine.store.chroma_process PERSIST_DIR [IDLE_EXIT_S]
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import select
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

#: Whether Chroma can run apart here: the pipes are waited on with `select` and the folder
#: is held with `flock`, which Windows lacks (there Chroma stays in the process).
AVAILABLE = os.name == "posix" and fcntl is not None

#: A child that has had no request for this long exits (seconds); the next call starts one.
IDLE_EXIT_S = 60.0
#: How long a starting child may take to import chromadb and open the folder (seconds).
START_TIMEOUT_S = 120.0
#: How long a closing child gets to finish before it is killed (seconds).
CLOSE_GRACE_S = 10.0

_HEADER = struct.Struct("!Q")


class ChromaProcessError(OSError):
    """The Chroma process could not start, or ended while answering."""


class CollectionMissingError(LookupError):
    """Chroma has no collection of that name (its NotFoundError, across the pipe)."""


class ChromaCallError(RuntimeError):
    """Chroma refused a call; the message is Chroma's own."""


# -- frames -------------------------------------------------------------------------------


def _send(stream: IO[bytes], message: object) -> None:
    body = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(body)))
    stream.write(body)
    stream.flush()


def _receive(stream: IO[bytes]) -> Any:
    """The next message, or raise EOFError when the other side has gone."""
    header = _read_exactly(stream, _HEADER.size)
    return pickle.loads(_read_exactly(stream, _HEADER.unpack(header)[0]))


def _read_exactly(stream: IO[bytes], size: int) -> bytes:
    parts: list[bytes] = []
    left = size
    while left:
        part = stream.read(left)
        if not part:
            raise EOFError("the other process closed the pipe")
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


# -- the parent's side --------------------------------------------------------------------


class ChromaProcessClient:
    """A Chroma client whose Chroma runs in a child process (see the module's docstring)."""

    def __init__(self, persist_dir: Path, *, idle_exit_s: float = IDLE_EXIT_S) -> None:
        self.persist_dir = Path(persist_dir)
        self.idle_exit_s = idle_exit_s
        self._child: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._closed = False
        self.starts = 0  # children started so far (a restart after idling out counts)

    @classmethod
    def start(cls, persist_dir: Path, *, idle_exit_s: float = IDLE_EXIT_S) -> ChromaProcessClient:
        """A client whose child is already running (opening errors are raised here)."""
        client = cls(persist_dir, idle_exit_s=idle_exit_s)
        with client._lock:
            client._spawn()
        return client

    @property
    def pid(self) -> int | None:
        """The running child's process id, if one runs."""
        child = self._child
        return child.pid if child is not None and child.poll() is None else None

    # the calls chromadb's client offers that the vector store makes

    def get_or_create_collection(
        self,
        name: str,
        *,
        configuration: Mapping[str, Any] | None = None,
        metadata: Mapping[str, Any] | None = None,
        embedding_function: None = None,
    ) -> RemoteCollection:
        found = self.call(
            "client",
            "get_or_create_collection",
            {"name": name, "configuration": configuration, "metadata": metadata},
        )
        return RemoteCollection(self, name, found["metadata"], found["configuration_json"])

    def delete_collection(self, name: str) -> None:
        self.call("client", "delete_collection", {"name": name})

    def get_max_batch_size(self) -> int:
        return int(self.call("client", "get_max_batch_size", {}))

    def close(self) -> None:
        """End the child (after the call it is answering) and refuse further calls."""
        with self._lock:
            self._closed = True
            self._end_child()

    def call(self, target: str, method: str, kwargs: Mapping[str, Any]) -> Any:
        """Ask the child; a child found gone is started again and asked once more."""
        with self._lock:
            if self._closed:
                raise ChromaProcessError(f"the Chroma process for {self.persist_dir} is closed")
            for attempt in (1, 2):
                if self._child is None or self._child.poll() is not None:
                    self._spawn()
                child = self._child
                assert child is not None and child.stdin is not None and child.stdout is not None
                try:
                    _send(child.stdin, (target, method, dict(kwargs)))
                    answer = _receive(child.stdout)
                except (EOFError, BrokenPipeError, ConnectionResetError) as err:
                    self._end_child()
                    if attempt == 2:
                        raise ChromaProcessError(
                            f"the Chroma process for {self.persist_dir} ended while "
                            f"answering {method}: {err}"
                        ) from err
                    continue
                return _unwrap(answer)
        raise AssertionError("unreachable")

    def _spawn(self) -> None:
        self._end_child()
        env = dict(os.environ, ANONYMIZED_TELEMETRY="False")
        try:
            child = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "engine.store.chroma_process",
                    str(self.persist_dir),
                    repr(float(self.idle_exit_s)),
                ],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
            )
        except OSError as err:
            raise ChromaProcessError(f"could not start the Chroma process: {err}") from err
        assert child.stdout is not None
        self._child = child
        self.starts += 1
        # a child that idles out ends on its own: reap it then, not at the next call
        threading.Thread(target=child.wait, name="chroma-process-reaper", daemon=True).start()
        ready, _, _ = select.select([child.stdout], [], [], START_TIMEOUT_S)
        try:
            if not ready:
                raise ChromaProcessError(
                    f"the Chroma process for {self.persist_dir} did not start within "
                    f"{START_TIMEOUT_S:.0f} s"
                )
            try:
                _unwrap(_receive(child.stdout))
            except EOFError as err:
                raise ChromaProcessError(
                    f"the Chroma process for {self.persist_dir} ended while starting "
                    f"(exit code {child.wait()})"
                ) from err
        except BaseException:
            self._end_child()
            raise

    def _end_child(self) -> None:
        child, self._child = self._child, None
        if child is None:
            return
        with contextlib.suppress(OSError):
            assert child.stdin is not None
            child.stdin.close()  # the child exits at end of input, after its current call
        try:
            child.wait(timeout=CLOSE_GRACE_S)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        with contextlib.suppress(OSError):
            assert child.stdout is not None
            child.stdout.close()


class RemoteCollection:
    """A collection of the child's Chroma; its calls take chromadb's keyword arguments."""

    def __init__(
        self,
        client: ChromaProcessClient,
        name: str,
        metadata: Mapping[str, Any] | None,
        configuration_json: Mapping[str, Any] | None,
    ) -> None:
        self._client = client
        self.name = name
        self.metadata = dict(metadata) if metadata is not None else None
        self.configuration_json = dict(configuration_json or {})

    def upsert(self, **kwargs: Any) -> None:
        self._client.call(self.name, "upsert", kwargs)

    def delete(self, **kwargs: Any) -> None:
        self._client.call(self.name, "delete", kwargs)

    def get(self, **kwargs: Any) -> Any:
        return self._client.call(self.name, "get", kwargs)

    def count(self) -> int:
        return int(self._client.call(self.name, "count", {}))

    def query(self, **kwargs: Any) -> Any:
        return self._client.call(self.name, "query", kwargs)


def _unwrap(answer: Any) -> Any:
    kind, value = answer
    if kind == "ok":
        return value
    error_kind, message = value
    if error_kind == "missing":
        raise CollectionMissingError(message)
    if error_kind == "os":
        raise OSError(message)
    raise ChromaCallError(message)


def wait_for_leftover(persist_dir: Path, *, timeout_s: float = CLOSE_GRACE_S) -> bool:
    """Wait until no Chroma process holds `persist_dir` (one left by a writer that died
    finishes its last call within moments); for a new writer about to open the folder.
    True when none does, False after `timeout_s`."""
    lock_path = _lock_path(Path(persist_dir))
    if fcntl is None or not lock_path.exists():
        return True
    end = time.monotonic() + timeout_s
    with open(lock_path, "a+b") as lock:
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= end:
                    return False
                time.sleep(0.05)
                continue
            fcntl.flock(lock, fcntl.LOCK_UN)
            return True


def _lock_path(persist_dir: Path) -> Path:
    return persist_dir.with_name(persist_dir.name + ".lock")


# -- the child ----------------------------------------------------------------------------


def _serve(persist_dir: Path, idle_exit_s: float, requests: IO[bytes], answers: IO[bytes]) -> int:
    import chromadb
    from chromadb.config import Settings
    from chromadb.errors import NotFoundError

    def failure(err: BaseException) -> tuple[str, tuple[str, str]]:
        kind = (
            "missing"
            if isinstance(err, NotFoundError)
            else "os"
            if isinstance(err, OSError)
            else "other"
        )
        return "error", (kind, str(err) or type(err).__name__)

    persist_dir.mkdir(parents=True, exist_ok=True)
    lock = open(_lock_path(persist_dir), "a+b")  # noqa: SIM115
    fcntl.flock(lock, fcntl.LOCK_EX)  # a child left by a process that died ends first
    try:
        client = chromadb.PersistentClient(
            path=str(persist_dir), settings=Settings(anonymized_telemetry=False)
        )
    except Exception as err:
        _send(answers, failure(err))
        return 1
    _send(answers, ("ok", None))
    collections: dict[str, Any] = {}
    try:
        while True:
            waiting, _, _ = select.select([requests], [], [], idle_exit_s)
            if not waiting:
                return 0  # idle: the next call starts a new child
            try:
                target, method, kwargs = _receive(requests)
            except EOFError:
                return 0  # the parent closed the store, or died
            try:
                answer: Any = ("ok", _answer(client, collections, target, method, kwargs))
            except Exception as err:
                answer = failure(err)
            _send(answers, answer)
    finally:
        close = getattr(client, "close", None)  # chromadb 1.x clients may lack one
        if close is not None:
            with contextlib.suppress(Exception):
                close()
        lock.close()


def _answer(
    client: Any, collections: dict[str, Any], target: str, method: str, kwargs: dict[str, Any]
) -> Any:
    if target == "client":
        if method == "get_or_create_collection":
            col = client.get_or_create_collection(embedding_function=None, **kwargs)
            collections[col.name] = col
            return {
                "metadata": col.metadata,
                "configuration_json": getattr(col, "configuration_json", None),
            }
        if method == "delete_collection":
            collections.pop(kwargs["name"], None)
            return client.delete_collection(kwargs["name"])
        if method == "get_max_batch_size":
            return client.get_max_batch_size()
        raise ValueError(f"unknown client call {method}")
    col = collections.get(target)
    if col is None:
        col = collections[target] = client.get_collection(target, embedding_function=None)
    if method not in ("upsert", "delete", "get", "count", "query"):
        raise ValueError(f"unknown collection call {method}")
    return getattr(col, method)(**kwargs)


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.WARNING, format="consilience chroma: %(message)s")
    # Frames go to the parent on the original stdout; anything a library prints goes to stderr.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    requests = os.fdopen(os.dup(sys.stdin.fileno()), "rb", buffering=0)  # select sees all
    idle = float(argv[1]) if len(argv) > 1 else IDLE_EXIT_S
    return _serve(Path(argv[0]), idle, requests, answers)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
