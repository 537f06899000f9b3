"""More than one process, or machine: a Dask cluster for ``--workers N`` and ``--scheduler ADDRESS`` (issue 23).

Only this module imports Dask, and only once :func:`open_cluster` is asked
for a cluster: a run without ``--workers``, ``--scheduler`` or
``DASK_SCHEDULER_ADDRESS`` never imports it.

What runs on the workers:

* Embedding (:meth:`Cluster.embed`): the texts the embedding cache lacks,
  sorted by length and cut into partitions of :data:`PARTITION_SIZE`, so
  that a partition's batches hold texts of about one length and the
  partitions do not depend on the number of workers. Each worker process
  builds the backend once (the registry keeps it) and verifies the model's
  checksums then; a worker whose model differs from the client's (another
  library version) refuses the task. Vectors go straight into the
  embedding cache where the workers see the client's cache folder (shared
  storage, one machine), else they come back to the client, which stores
  them. The fit then reads every vector from the cache, as a run without a
  cluster does, so the fit itself, its result cache key and its output are
  unchanged.
* Anything else through :meth:`Cluster.map`, a drop-in for builtin ``map``
  (results in order) for a fit that spreads its work.

Reading, deduplication, the fit and the report stay on the client.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from analysis.config import DEFAULT_EMBEDDING
from analysis.embedding.cache import ENCODE_PARTITION, EmbeddingCache, backend_store, length_partitions
from analysis.embedding.registry import select_backend
from analysis.errors import InputError
from analysis.progress import Progress, Step, stderr_progress
from analysis.text import plural

if TYPE_CHECKING:  # Dask is imported only when a cluster is asked for
    from distributed import Client, Future

T = TypeVar("T")

# Texts per embedding task: the partitions one process encodes too
# (ENCODE_PARTITION), a few seconds of work for one core; below the size at
# which a backend draws its own progress bar, which would land in the workers' logs.
PARTITION_SIZE = ENCODE_PARTITION
# Times a task is run again after it raised (a worker that dies is handled
# by the scheduler itself, which reruns its tasks elsewhere).
RETRIES = 2
# Seconds to reach a scheduler, and to wait for its first worker.
CONNECT_TIMEOUT = 10
SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
DASHBOARD = ":8787"


class ClusterError(InputError):
    """A cluster that cannot be reached or used: the command line stops with one line naming its address."""


def scheduler_address(workers: int | None, scheduler: str | None) -> str | None:
    """The scheduler to connect to: ``--scheduler``, else ``DASK_SCHEDULER_ADDRESS`` unless ``--workers`` was given."""
    if scheduler or workers:
        return scheduler or None
    return os.environ.get(SCHEDULER_ENV) or None


@contextlib.contextmanager
def open_cluster(
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = stderr_progress,
    dashboard: str = DASHBOARD,
) -> Iterator[Cluster | None]:
    """A :class:`Cluster` for the ``with`` block, closed after it; None (and no Dask import) when none is asked for.

    Args:
        workers: Start a LocalCluster of this many worker processes (one
            thread each) on this machine; its dashboard address is said on
            ``progress``.
        scheduler: Connect to the running scheduler at this address; without
            it and without ``workers``, ``DASK_SCHEDULER_ADDRESS`` is read.
        progress: Where progress lines go (None: nowhere).
        dashboard: The LocalCluster's dashboard address (Dask takes another
            port when this one is taken; ``":0"``: any free port).

    Raises:
        ClusterError: The scheduler cannot be reached, or has no worker.
        ImportError: Dask is not installed (the ``distributed`` extra).
    """
    address = scheduler_address(workers, scheduler)
    if address is None and not workers:
        yield None
        return
    _require_dask()
    with contextlib.ExitStack() as stack:
        client = _connect(address) if address else _start_local(workers or 1, dashboard)
        if not address and client.cluster is not None:
            stack.callback(_close_local, client.cluster)
        stack.callback(_quietly, client.close)
        cluster = Cluster(client)
        if progress is not None:
            progress(cluster.describe())
        yield cluster


def _require_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise ImportError(
            "--workers and --scheduler need Dask: pip install -e '.[distributed]' (the distributed extra)"
        ) from None


def _quietly(close: Callable[[], object]) -> None:
    """Close a client or cluster; a slow or broken close (a timeout, a lost connection) must not fail a finished run."""
    with contextlib.suppress(OSError):  # TimeoutError and asyncio's are OSErrors
        close()


def _close_local(cluster: Any) -> None:
    """Close a LocalCluster as :func:`_quietly` closes; a worker it never saw may trip its close.

    A worker that died and was restarted by its nanny can leave before the
    cluster's view of the scheduler lists it; the cluster's close then
    raises KeyError on its address after every worker and the scheduler
    have closed (dask/distributed#5407; seen in CI after the test that kills
    a worker). The run is done and nothing is left running, so it is not an error.
    """
    with contextlib.suppress(KeyError):
        _quietly(cluster.close)


def _start_local(workers: int, dashboard: str) -> Client:
    from distributed import Client, LocalCluster

    logging.getLogger("distributed.deploy.cluster").addFilter(_unseen_worker_removal)
    local = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=dashboard,
        silence_logs=logging.ERROR,
        preload=[__name__],  # dask_setup below, in each worker process
    )
    return Client(local)


def dask_setup(worker: object) -> None:
    """Run by Dask in each worker process of a LocalCluster (its ``preload``): Ctrl-C is the client's alone.

    A terminal sends Ctrl-C to every process of the command, the workers
    too; they would die with tracebacks while the client closes them in
    order (and keeps the previous report).
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    logging.getLogger("distributed.worker").addFilter(_closed_scheduler_heartbeat)


def _closed_scheduler_heartbeat(record: logging.LogRecord) -> bool:
    """False for a heartbeat that found the scheduler's connection closed: keep it out of a worker's log.

    A LocalCluster's scheduler lives in the client's process and closes
    while a busy worker's heartbeat is on the way (dask/distributed#7105,
    open); the worker is closed next anyway, and its traceback in the
    terminal reads as a failure of a run that ended as asked. Every other
    record, and a heartbeat that fails another way, is kept.
    """
    if not record.getMessage().startswith("Failed to communicate with scheduler during heartbeat"):
        return True
    from distributed.comm.core import CommClosedError

    error = record.exc_info[1] if record.exc_info else None
    return not isinstance(error, CommClosedError)


def _unseen_worker_removal(record: logging.LogRecord) -> bool:
    """False for the KeyError of a removed worker the LocalCluster never listed (see :func:`_close_local`)."""
    import traceback

    error = record.exc_info[1] if record.exc_info else None
    if not isinstance(error, KeyError):
        return True
    frames = traceback.extract_tb(error.__traceback__)
    return not frames or frames[-1].name != "_update_worker_status"


def _connect(address: str) -> Client:
    from distributed import Client

    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, ValueError, TypeError) as err:
        # OSError: a refused connection or the connect timeout; ValueError, TypeError: an address Dask cannot read.
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ClusterError(address, f"cannot reach the Dask scheduler ({reason})") from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
    except TimeoutError:
        client.close()
        raise ClusterError(address, f"the Dask scheduler has no worker after {CONNECT_TIMEOUT} s") from None
    return client


@dataclass
class Cluster:
    """A connected Dask client and what runs on its workers.

    Attributes:
        client: The ``distributed.Client``.
    """

    client: Client

    @property
    def workers(self) -> int:
        """The number of worker processes now."""
        return len(self.client.scheduler_info().get("workers", {}))

    def describe(self) -> str:
        """One line: the cluster's kind and size and its dashboard (when it has one)."""
        info = self.client.scheduler_info()
        kind = "a local Dask cluster" if self.client.cluster is not None else "the Dask scheduler"
        dashboard = self.client.dashboard_link if "dashboard" in info.get("services", {}) else None
        where = f"dashboard {dashboard}" if dashboard else "no dashboard (pip install bokeh)"
        return f"{kind} at {info.get('address', '?')}: {plural(self.workers, 'worker')}, {where}"

    def map(self, func: Callable[..., T], *iterables: Iterable[Any]) -> Iterator[T]:
        """``map(func, *iterables)`` on the workers: every call submitted now, results in order.

        Each call is retried :data:`RETRIES` times when it raises; the calls
        of a worker that dies run again on another. ``func`` must be
        importable on the workers (a function of the package) or picklable.
        The frozen arguments of a ``functools.partial`` (a fit's projection,
        a sample's vectors: tens of MB) are sent to each worker once, not
        with every call: 40 calls of a partial holding 100 MB took 4.1 s
        through a LocalCluster of 2 workers, 0.3 s sent once.
        """
        columns = [list(iterable) for iterable in iterables]
        shortest = min((len(column) for column in columns), default=0)  # as map, stop at the shortest
        columns = [column[:shortest] for column in columns]
        if not (isinstance(func, partial) and func.args):
            return _results_in_order(self.client.map(func, *columns, pure=False, retries=RETRIES))
        shared = self.client.scatter(list(func.args), broadcast=True, hash=False)
        futures = self.client.map(
            _call, *columns, target=func.func, shared=shared, keywords=func.keywords, pure=False, retries=RETRIES
        )
        return _results_in_order(futures, keep=shared)

    def embed(
        self,
        texts: list[str],
        embedding: str = DEFAULT_EMBEDDING,
        cache: Path | None = None,
        progress: Progress | None = stderr_progress,
    ) -> int:
        """Embed on the workers the ``texts`` the embedding cache lacks, into that cache; return how many.

        A backend fitted per corpus (``needs_corpus``: TF-IDF) embeds
        nothing here: its vectors depend on the whole set at once.

        Args:
            texts: What each paper embeds (:func:`analysis.embedding.cache.document_texts`).
            embedding: A backend name (workers build it by name).
            cache: Cache folder; default ``.cache/embeddings`` (``ANALYSIS_CACHE_DIR``).
            progress: Where the step's lines go, with a progress bar on
                stderr as tasks finish (None: nowhere, no bar).
        """
        backend = select_backend(embedding)
        if backend.needs_corpus:
            return 0
        store = backend_store(backend, cache)
        todo = store.missing(texts)
        if not todo:
            return 0
        parts = length_partitions(todo, PARTITION_SIZE)
        tasks = f"{len(parts)} task{'' if len(parts) == 1 else 's'}"
        step = Step(progress, f"embedding {len(todo)} papers on {plural(self.workers, 'Dask worker')} ({tasks})")
        with _probe(store.folder) as (probe, token):
            futures = self.client.map(
                embed_partition,
                parts,
                embedding=embedding,
                identity=backend.identity,
                probe=probe,
                token=token,
                pure=False,
                retries=RETRIES,
            )
            results = _gather(futures, [len(part) for part in parts], bar=progress is not None)
        returned = [(part, vectors) for part, vectors in zip(parts, results, strict=True) if vectors is not None]
        if returned:  # the workers that did not see the cache folder sent their vectors back
            store.add([t for part, _ in returned for t in part], np.vstack([v for _, v in returned]))
        step.done(f"{len(parts) - len(returned)} of {tasks} wrote into the shared cache, {len(returned)} sent back")
        return len(todo)


def _gather(futures: list[Future], sizes: list[int], bar: bool) -> list[Any]:
    """Each future's result, in order; with ``bar``, a progress bar of texts done as tasks finish."""
    from distributed import as_completed
    from tqdm.auto import tqdm

    index = {future.key: i for i, future in enumerate(futures)}
    results: list[Any] = [None] * len(futures)
    with tqdm(total=sum(sizes), unit="paper", disable=not bar, file=sys.stderr) as done:
        for future in as_completed(futures):
            i = index[future.key]
            results[i] = future.result()
            future.release()
            done.update(sizes[i])
    return results


def _call(*items: Any, target: Callable[..., Any], shared: list[Any], keywords: dict[str, Any]) -> Any:
    """``target(*shared, *items, **keywords)`` on a worker: a partial whose frozen arguments were sent once."""
    return target(*shared, *items, **keywords)


def _results_in_order(futures: list[Future], keep: object = None) -> Iterator[Any]:
    """Each future's result in order, each released once read; ``keep`` (data the calls share) lives until the last."""
    for future in futures:
        yield future.result()
        future.release()
    del keep


@contextlib.contextmanager
def _probe(folder: Path) -> Iterator[tuple[str, str]]:
    """A file in ``folder`` with a random token, removed afterwards: a worker that reads the token shares the folder."""
    token = uuid.uuid4().hex
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / f".probe-{token}"
    probe.write_text(token, encoding="utf-8")
    try:
        yield str(probe), token
    finally:
        probe.unlink(missing_ok=True)


def embed_partition(texts: list[str], embedding: str, identity: str, probe: str, token: str) -> np.ndarray | None:
    """On a worker: embed ``texts``; store them in the client's cache when this worker shares it (then None).

    Raises:
        RuntimeError: This worker's backend is not the client's (another
            model file or library version would give other vectors).
    """
    backend = select_backend(embedding)
    if backend.identity != identity:
        raise RuntimeError(
            f"this worker's {embedding!r} backend is {backend.identity}, the client's {identity}: "
            "install the same package versions on every machine"
        )
    vectors = np.asarray(backend.encode(texts), dtype=np.float32)
    if _shares(probe, token):
        EmbeddingCache(Path(probe).parent).add(texts, vectors)
        return None
    return vectors


def _shares(probe: str, token: str) -> bool:
    try:
        return Path(probe).read_text(encoding="utf-8") == token
    except OSError:
        return False
