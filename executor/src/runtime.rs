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

use crate::error::{Error, Result};
use crate::groups::Grid;
use crate::tensor::Tensor;
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
    board: Option<Board>,
    aborted: Option<String>,
}

impl Exchange {
    fn new(devices: usize, timeout: Duration) -> Exchange {
        let state = State { posts: no_posts(devices), arrived: 0, round: 0, board: None, aborted: None };
        Exchange { state: Mutex::new(state), changed: Condvar::new(), devices, timeout }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A poisoned lock means a device thread panicked mid-round; the state is
        // still consistent (every update is a single assignment), so keep going.
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Posts `post` for `device` and waits for every device's post of this round.
    pub(crate) fn round(&self, device: usize, post: Option<Post>) -> Result<Board> {
        let mut state = self.lock();
        if let Some(reason) = &state.aborted {
            return Err(Error::Aborted(reason.clone()));
        }
        state.posts[device] = post;
        state.arrived += 1;
        let round = state.round;
        if state.arrived == self.devices {
            let board = Arc::new(std::mem::replace(&mut state.posts, no_posts(self.devices)));
            state.board = Some(Arc::clone(&board));
            state.arrived = 0;
            state.round += 1;
            self.changed.notify_all();
            return Ok(board);
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

/// One simulated device inside a run: its index, the mesh, and the exchange.
pub struct Device<'a> {
    index: usize,
    grid: &'a Grid,
    exchange: &'a Exchange,
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

    /// Runs one round of the exchange.
    pub(crate) fn round(&self, post: Option<Post>) -> Result<Board> {
        self.exchange.round(self.index, post)
    }
}

/// Runs SPMD closures on every device of a mesh.
#[derive(Debug, Clone)]
pub struct Runtime {
    grid: Grid,
    timeout: Duration,
}

impl Runtime {
    /// A runtime over `grid` whose devices wait at most 60 s for one another.
    pub fn new(grid: Grid) -> Runtime {
        Runtime { grid, timeout: Duration::from_secs(60) }
    }

    /// The same runtime with another bound on each wait.
    pub fn with_timeout(self, timeout: Duration) -> Runtime {
        Runtime { timeout, ..self }
    }

    /// The device mesh.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Runs `program` on every device at once (one thread each) and returns each
    /// device's result, by device. The first device error is returned (a device
    /// that fails aborts the others, whose "aborted" errors are not reported).
    pub fn run<R: Send>(&self, program: impl Fn(&Device<'_>) -> Result<R> + Sync) -> Result<Vec<R>> {
        let exchange = Exchange::new(self.grid.devices(), self.timeout);
        let results: Vec<Result<R>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.grid.devices())
                .map(|index| {
                    let (exchange, program, grid) = (&exchange, &program, &self.grid);
                    scope.spawn(move || {
                        // A panicking device must stop the others too, not leave
                        // them waiting for it.
                        let run = std::panic::AssertUnwindSafe(|| program(&Device { index, grid, exchange }));
                        let result = std::panic::catch_unwind(run).unwrap_or_else(|panic| {
                            let what = panic
                                .downcast_ref::<&str>()
                                .map(ToString::to_string)
                                .or_else(|| panic.downcast_ref::<String>().cloned())
                                .unwrap_or_default();
                            Err(Error::Collective(format!("device {index} panicked: {what}")))
                        });
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
