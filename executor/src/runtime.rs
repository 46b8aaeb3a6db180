//! The SPMD runtime: one scoped thread per simulated device, exchanging tensors
//! through shared memory.
//!
//! Every device runs the same closure and calls the same collectives in the same
//! order (SPMD). Each collective is one *round* of the [`Exchange`]: every device
//! posts what it contributes (or nothing), the last to arrive publishes the round's
//! board (every device's post), and each device builds its result from the board.
//! The board is reference-counted, so a device holds its own tensors plus, during a
//! collective, the board of that one collective. Waits are bounded: a device that
//! waits longer than the runtime's timeout aborts the run with an error naming it,
//! and a device that fails aborts the others at once, so a broken collective fails
//! instead of hanging. Plain OS threads (scoped), never a pool: blocking waits cannot
//! starve one another.
//!
//! Each device keeps a *device clock*: the time it would take if it had a core of
//! its own. It advances by the thread's CPU time (not wall time, which on a machine
//! with fewer cores than devices counts the time a device waits for a core), and
//! every round synchronises it: a device leaves a round at the latest clock any
//! device arrived with. Invariant: a device's clock never runs backwards, and after
//! a round every device's clock is the same.
//!
//! A runtime may limit how many devices compute at once ([`Runtime::with_cores`]):
//! device `d` then computes only on core `d mod cores`, holding it while it computes
//! and giving it up while it waits in a round, and its thread is pinned to one CPU
//! the process may run on, the same for every device of that core. With fewer
//! devices computing than the machine has cores, a device's CPU time is not
//! inflated by other devices evicting its caches mid-op; pinned, a device does not
//! move between CPUs and find its caches cold (on this project's 2-vCPU machine,
//! the median round of a plan was up to 40% above its fastest unpinned, 2–12%
//! pinned). The benchmarks run so.

use crate::error::{Error, Result};
use crate::groups::Grid;
use crate::tensor::Tensor;
use cpu_time::ThreadTime;
use std::cell::Cell;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What one device contributes to a round: a tensor, and for a send its receiver.
#[derive(Debug)]
pub(crate) struct Post {
    pub(crate) tensor: Tensor,
    pub(crate) to: Option<usize>,
}

/// Every device's post in one round, by device.
pub(crate) type Board = Arc<Vec<Option<Post>>>;

/// The tensor `device` posted on `board`; an error if it posted nothing.
pub(crate) fn posted(board: &Board, device: usize) -> Result<&Tensor> {
    match board.get(device).and_then(Option::as_ref) {
        Some(post) => Ok(&post.tensor),
        None => Err(Error::Collective(format!("device {device} posted nothing"))),
    }
}

/// The tensors `devices` posted on `board`, in order.
pub(crate) fn posted_all<'b>(board: &'b Board, devices: &[usize]) -> Result<Vec<&'b Tensor>> {
    devices.iter().map(|&device| posted(board, device)).collect()
}

/// The shared-memory exchange of one run.
pub struct Exchange {
    state: Mutex<State>,
    changed: Condvar,
    devices: usize,
    timeout: Duration,
}

struct State {
    posts: Vec<Option<Post>>,
    arrived: usize,
    round: u64,
    /// The latest device clock that arrived in the open round.
    latest: Duration,
    board: Option<(Board, Duration)>,
    aborted: Option<String>,
}

impl Exchange {
    fn new(devices: usize, timeout: Duration) -> Exchange {
        let state = State {
            posts: no_posts(devices),
            arrived: 0,
            round: 0,
            latest: Duration::ZERO,
            board: None,
            aborted: None,
        };
        Exchange { state: Mutex::new(state), changed: Condvar::new(), devices, timeout }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A poisoned lock means a device thread panicked mid-round; the state is
        // still consistent (every update is a single assignment), so keep going.
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Posts `post` for `device`, arriving at device time `clock`, and waits for
    /// every device's post of this round; returns the board and the latest clock.
    fn round(&self, device: usize, post: Option<Post>, clock: Duration) -> Result<(Board, Duration)> {
        let mut state = self.lock();
        if let Some(reason) = &state.aborted {
            return Err(Error::Aborted(reason.clone()));
        }
        state.posts[device] = post;
        state.arrived += 1;
        state.latest = state.latest.max(clock);
        let round = state.round;
        if state.arrived == self.devices {
            let board = Arc::new(std::mem::replace(&mut state.posts, no_posts(self.devices)));
            let latest = std::mem::take(&mut state.latest);
            state.board = Some((Arc::clone(&board), latest));
            state.arrived = 0;
            state.round += 1;
            self.changed.notify_all();
            return Ok((board, latest));
        }
        let deadline = Instant::now() + self.timeout;
        while state.round == round {
            if let Some(reason) = &state.aborted {
                return Err(Error::Aborted(reason.clone()));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let reason = format!(
                    "device {device} waited {:?} in collective round {round} for the other devices",
                    self.timeout
                );
                state.aborted = Some(reason.clone());
                self.changed.notify_all();
                return Err(Error::Collective(reason));
            }
            state = self.changed.wait_timeout(state, left).map_err(|_| poisoned())?.0;
        }
        state.board.clone().ok_or_else(|| Error::Collective("a round ended without a board".to_string()))
    }

    /// Stops the run: every waiting and later round fails with `reason`.
    fn abort(&self, reason: String) {
        let mut state = self.lock();
        state.aborted.get_or_insert(reason);
        self.changed.notify_all();
    }
}

/// A round's posts before any device arrives.
fn no_posts(devices: usize) -> Vec<Option<Post>> {
    std::iter::repeat_with(|| None).take(devices).collect()
}

fn poisoned() -> Error {
    Error::Collective("a device thread panicked".to_string())
}

/// One simulated device inside a run: its index, the mesh, the exchange, its
/// device clock and whether it holds a core.
pub struct Device<'a> {
    index: usize,
    grid: &'a Grid,
    exchange: &'a Exchange,
    clock: DeviceClock,
    cores: &'a Cores,
    computing: Cell<bool>,
}

/// The cores devices compute on when they are fewer than the devices: device `d`
/// computes on core `d mod cores`, whose flag says whether a device holds it, and
/// runs pinned to that core's CPU. Without a limit there are no cores to take and
/// taking and giving back touch no lock.
struct Cores {
    cores: Vec<Core>,
    cpus: Vec<core_affinity::CoreId>,
}

/// One core: whether a device computes on it, and its waiting devices' signal.
struct Core {
    busy: Mutex<bool>,
    freed: Condvar,
}

impl Cores {
    fn new(cores: usize, devices: usize) -> Self {
        if cores >= devices {
            return Cores { cores: Vec::new(), cpus: Vec::new() };
        }
        let cores = (0..cores.max(1)).map(|_| Core { busy: Mutex::new(false), freed: Condvar::new() }).collect();
        Cores { cores, cpus: core_affinity::get_core_ids().unwrap_or_default() }
    }

    /// The core device `index` computes on, if the devices share cores.
    fn of(&self, index: usize) -> Option<&Core> {
        self.cores.get(index % self.cores.len().max(1))
    }

    /// Pins the calling thread, device `index`'s, to its core's CPU (where the
    /// process may run on none, or the system refuses, it stays unpinned: slower
    /// to measure, not wrong).
    fn pin(&self, index: usize) {
        if !self.cores.is_empty() && !self.cpus.is_empty() {
            core_affinity::set_for_current(self.cpus[index % self.cores.len() % self.cpus.len()]);
        }
    }

    fn take(&self, index: usize) {
        let Some(core) = self.of(index) else { return };
        let mut busy = core.busy.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        while *busy {
            busy = core.freed.wait(busy).unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        *busy = true;
    }

    fn give_back(&self, index: usize) {
        let Some(core) = self.of(index) else { return };
        *core.busy.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = false;
        core.freed.notify_one();
    }
}

/// A device's clock: its time at the last synchronisation plus the thread's CPU
/// time since.
struct DeviceClock {
    synced: Cell<Duration>,
    since: Cell<ThreadTime>,
    /// The device time spent waiting at rounds for later devices, in all.
    waited: Cell<Duration>,
}

impl DeviceClock {
    fn start() -> Self {
        DeviceClock {
            synced: Cell::new(Duration::ZERO),
            since: Cell::new(ThreadTime::now()),
            waited: Cell::new(Duration::ZERO),
        }
    }

    fn now(&self) -> Duration {
        self.synced.get() + self.since.get().elapsed()
    }

    fn sync(&self, to: Duration) {
        self.synced.set(to);
        self.since.set(ThreadTime::now());
    }
}

impl Device<'_> {
    /// The device's linear index in the mesh.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The device mesh.
    pub fn grid(&self) -> &Grid {
        self.grid
    }

    /// The device clock: this device's time since the run started, as if it had a
    /// core of its own (see the module docs).
    pub fn clock(&self) -> Duration {
        self.clock.now()
    }

    /// The device time this device has spent waiting at rounds for the latest
    /// device to arrive, since the run started (part of [`clock`](Self::clock)).
    pub fn waited(&self) -> Duration {
        self.clock.waited.get()
    }

    /// Runs `f` (which must not run a collective) without advancing the device
    /// clock: for work outside the program, such as cutting an input's block.
    pub fn untimed<T>(&self, f: impl FnOnce() -> T) -> T {
        let before = self.clock.now();
        let out = f();
        self.clock.sync(before);
        out
    }

    /// Runs one round of the exchange; the device clock leaves it at the latest
    /// clock any device arrived with.
    pub(crate) fn round(&self, post: Option<Post>) -> Result<Board> {
        let clock = self.clock.now();
        self.stop_computing();
        let (board, latest) = self.exchange.round(self.index, post, clock)?;
        self.start_computing();
        self.clock.waited.set(self.clock.waited.get() + latest.saturating_sub(clock));
        self.clock.sync(latest);
        Ok(board)
    }

    /// Takes a core to compute on.
    fn start_computing(&self) {
        self.cores.take(self.index);
        self.computing.set(true);
    }

    /// Gives back the core, if the device holds one.
    fn stop_computing(&self) {
        if self.computing.replace(false) {
            self.cores.give_back(self.index);
        }
    }
}

/// Runs SPMD closures on every device of a mesh.
#[derive(Debug, Clone)]
pub struct Runtime {
    grid: Grid,
    timeout: Duration,
    cores: usize,
}

impl Runtime {
    /// A runtime over `grid` whose devices wait at most 60 s for one another and
    /// all compute at once.
    pub fn new(grid: Grid) -> Runtime {
        let cores = grid.devices();
        Runtime { grid, timeout: Duration::from_secs(60), cores }
    }

    /// The same runtime with at most `cores` devices (at least one) computing at
    /// once: fewer than the devices, device `d` computes on core `d mod cores`,
    /// pinned to one CPU (see the module docs).
    pub fn with_cores(self, cores: usize) -> Runtime {
        Runtime { cores: cores.max(1), ..self }
    }

    /// The same runtime with another bound on each wait.
    pub fn with_timeout(self, timeout: Duration) -> Runtime {
        Runtime { timeout, ..self }
    }

    /// The device mesh.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Times `work` on every device, `repetitions` times (at least once) after one
    /// untimed warm-up: before each run a barrier (a broadcast over the whole grid)
    /// makes every device start together, so none waits for one that arrived late.
    /// Returns per repetition the slowest device's device time; `work`'s result is
    /// dropped after the clock stops.
    pub fn time<T>(&self, repetitions: usize, work: impl Fn(&Device<'_>) -> Result<T> + Sync) -> Result<Vec<Duration>> {
        let repetitions = repetitions.max(1);
        let axes: Vec<usize> = (0..self.grid.shape().len()).collect();
        let (root, token) = (vec![0; axes.len()], Tensor::full(&[1], 0.0));
        let per_device = self.run(|device| {
            let mut times = Vec::with_capacity(repetitions);
            for rep in 0..=repetitions {
                device.broadcast(&token, &axes, &root)?;
                let started = device.clock();
                let out = work(device)?;
                let elapsed = device.clock().saturating_sub(started);
                device.untimed(|| drop(std::hint::black_box(out)));
                if rep > 0 {
                    times.push(elapsed);
                }
            }
            Ok(times)
        })?;
        let slowest = |r: usize| per_device.iter().filter_map(|t| t.get(r)).max().copied().unwrap_or_default();
        Ok((0..repetitions).map(slowest).collect())
    }

    /// Runs `program` on every device at once (one thread each) and returns each
    /// device's result, by device. The first device error is returned (a device
    /// that fails aborts the others, whose "aborted" errors are not reported).
    pub fn run<R: Send>(&self, program: impl Fn(&Device<'_>) -> Result<R> + Sync) -> Result<Vec<R>> {
        let exchange = Exchange::new(self.grid.devices(), self.timeout);
        let cores = Cores::new(self.cores, self.grid.devices());
        let results: Vec<Result<R>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.grid.devices())
                .map(|index| {
                    let (exchange, program, grid, cores) = (&exchange, &program, &self.grid, &cores);
                    scope.spawn(move || {
                        cores.pin(index);
                        let device = Device {
                            index,
                            grid,
                            exchange,
                            clock: DeviceClock::start(),
                            cores,
                            computing: Cell::new(false),
                        };
                        device.start_computing();
                        // A panicking device must stop the others too, not leave
                        // them waiting for it.
                        let run = std::panic::AssertUnwindSafe(|| program(&device));
                        let result = std::panic::catch_unwind(run).unwrap_or_else(|panic| {
                            let what = panic
                                .downcast_ref::<&str>()
                                .map(ToString::to_string)
                                .or_else(|| panic.downcast_ref::<String>().cloned())
                                .unwrap_or_default();
                            Err(Error::Collective(format!("device {index} panicked: {what}")))
                        });
                        device.stop_computing();
                        if let Err(e) = &result {
                            exchange.abort(format!("device {index} failed: {e}"));
                        }
                        result
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err(poisoned()))).collect()
        });
        if let Some(Err(e)) = results.iter().find(|r| r.as_ref().is_err_and(|e| !matches!(e, Error::Aborted(_)))) {
            return Err(e.clone());
        }
        results.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Busy work of about `n` multiply-adds.
    fn spin(n: u64) -> f64 {
        (0..n).fold(0.0f64, |a, i| std::hint::black_box(a * 0.5 + i as f64))
    }

    #[test]
    fn device_clocks_meet_at_each_round_and_untimed_work_is_free() {
        for cores in [1, 2, 4] {
            let runtime = Runtime::new(Grid::new(&[4]).unwrap()).with_cores(cores);
            let clocks = runtime
                .run(|device| {
                    // Device 3 computes far more before the round than the others.
                    spin(if device.index() == 3 { 4_000_000 } else { 1_000 });
                    let before = device.clock();
                    device.round(None)?;
                    let after = device.clock();
                    let free = device.untimed(|| spin(4_000_000));
                    std::hint::black_box(free);
                    Ok((before, after, device.clock()))
                })
                .unwrap();
            let latest = clocks.iter().map(|c| c.0).max().unwrap();
            for &(before, after, end) in &clocks {
                assert!(after >= latest && after >= before, "cores {cores}: {clocks:?}");
                // Untimed work leaves the clock where it was (give or take the
                // few instructions around it).
                assert!(end - after < Duration::from_millis(2), "cores {cores}: {clocks:?}");
            }
            // The slow device's clock set everyone's: all left the round together.
            let lows = clocks.iter().map(|c| c.1).min().unwrap();
            assert!(lows >= clocks[3].0, "cores {cores}: {clocks:?}");
        }
    }

    #[test]
    fn devices_sharing_a_core_never_compute_at_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let (cores, devices) = (2, 6);
        let computing: Vec<AtomicUsize> = (0..cores).map(|_| AtomicUsize::new(0)).collect();
        let most: Vec<AtomicUsize> = (0..cores).map(|_| AtomicUsize::new(0)).collect();
        let runtime = Runtime::new(Grid::new(&[devices]).unwrap()).with_cores(cores);
        runtime
            .run(|device| {
                let core = device.index() % cores;
                for _ in 0..3 {
                    let now = computing[core].fetch_add(1, Ordering::SeqCst) + 1;
                    most[core].fetch_max(now, Ordering::SeqCst);
                    spin(200_000);
                    computing[core].fetch_sub(1, Ordering::SeqCst);
                    device.round(None)?;
                }
                Ok(())
            })
            .unwrap();
        // Each core had one device at a time, and the devices of both cores ran.
        assert!(most.iter().all(|m| m.load(Ordering::SeqCst) == 1));
    }

    #[test]
    fn timing_runs_the_warm_up_and_every_repetition_on_every_device() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let calls = AtomicUsize::new(0);
        let runtime = Runtime::new(Grid::new(&[4]).unwrap()).with_cores(1);
        let times = runtime
            .time(3, |device| {
                calls.fetch_add(1, Ordering::SeqCst);
                Ok(spin(if device.index() == 2 { 200_000 } else { 1_000 }))
            })
            .unwrap();
        // Three timed repetitions and one warm-up, on each of the 4 devices.
        assert_eq!(times.len(), 3);
        assert_eq!(calls.load(Ordering::SeqCst), 4 * 4);
        assert!(times.iter().all(|t| *t > Duration::ZERO), "{times:?}");
        // At least one repetition, whatever was asked.
        assert_eq!(runtime.time(0, |_| Ok(())).unwrap().len(), 1);
    }
}
