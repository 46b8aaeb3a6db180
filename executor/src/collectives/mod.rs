//! Every collective of the MLIR mesh dialect, plus `collective_permute`, as methods
//! of a [`Device`] inside a [`Runtime`](crate::runtime::Runtime) run.
//!
//! Semantics follow MLIR's `mesh` dialect (docs/mesh-dialect.md):
//! the group of a device over `mesh_axes` and the order inside it are
//! [`Grid::group`](crate::groups::Grid::group)'s; roots, sources and destinations are
//! in-group multi-indices over `mesh_axes`. Where the dialect leaves a result
//! undefined (`gather` and `reduce` off the root, `shift` without a source) the
//! method returns `None`. `shift` moves each device's tensor to the device `offset`
//! further along `shift_axis` (so a device receives from `offset` before it).
//! `collective_permute` takes (source, target) device pairs; a device no pair
//! targets gets zeros, as in XLA. Every device of the mesh must call the same
//! collectives in the same order (SPMD); all but `all_slice` are one exchange round.

mod halo;
mod reduction;

pub use halo::Halo;
pub use reduction::combine;

use crate::error::{Error, Result};
use crate::runtime::{Board, Device, Post, posted, posted_all};
use crate::tensor::Tensor;
use autoshard_model::ReductionKind;

fn fail<T>(message: String) -> Result<T> {
    Err(Error::Collective(message))
}

impl Device<'_> {
    /// Posts `x` and returns the tensors of this device's group over `mesh_axes`,
    /// in group order, with the board that holds them.
    fn exchange(&self, x: &Tensor, mesh_axes: &[usize]) -> Result<(Board, Vec<usize>)> {
        self.grid().check_axes(mesh_axes)?;
        let board = self.round(Some(Post { tensor: x.clone(), to: None }))?;
        Ok((board, self.grid().group(self.index(), mesh_axes)))
    }

    /// This device's position in its group over `mesh_axes`.
    fn position(&self, mesh_axes: &[usize]) -> usize {
        self.grid().position(self.index(), mesh_axes)
    }

    /// `mesh.all_gather`: the group's tensors joined along `gather_axis`.
    pub fn all_gather(&self, x: &Tensor, mesh_axes: &[usize], gather_axis: usize) -> Result<Tensor> {
        let (board, members) = self.exchange(x, mesh_axes)?;
        join(&posted_all(&board, &members)?, gather_axis, "all_gather")
    }

    /// `mesh.all_reduce`: the group's tensors combined by `reduction`. Two rounds, as
    /// a reduce-scatter then an all-gather over the flat elements: each member
    /// combines one contiguous chunk (in group order, so every run gives the same
    /// bits), then every member collects the chunks.
    pub fn all_reduce(&self, x: &Tensor, mesh_axes: &[usize], reduction: ReductionKind) -> Result<Tensor> {
        let (board, members) = self.exchange(x, mesh_axes)?;
        let parts = posted_all(&board, &members)?;
        let n = members.len();
        let me = self.position(mesh_axes);
        let chunk = |k: usize| x.len() * k / n..x.len() * (k + 1) / n;
        let slices = parts
            .iter()
            .map(|p| {
                if p.shape() != x.shape() {
                    return fail(format!("{reduction:?} of tensors of shapes {:?} and {:?}", x.shape(), p.shape()));
                }
                Ok(Tensor::from_vec(&[chunk(me).len()], p.data()[chunk(me)].to_vec()))
            })
            .collect::<Result<Option<Vec<Tensor>>>>()?
            .ok_or_else(|| Error::Collective("a chunk does not fit its shape".to_string()))?;
        let mine = combine(reduction, &slices.iter().collect::<Vec<_>>())?;
        drop(board);
        let board = self.round(Some(Post { tensor: mine, to: None }))?;
        let mut data = Vec::with_capacity(x.len());
        for chunk in posted_all(&board, &members)? {
            data.extend_from_slice(chunk.data());
        }
        Tensor::from_vec(x.shape(), data)
            .ok_or_else(|| Error::Collective("the reduced chunks do not fill the tensor".to_string()))
    }

    /// `mesh.all_slice`: this device's piece of `x` along `slice_axis` (local).
    pub fn all_slice(&self, x: &Tensor, mesh_axes: &[usize], slice_axis: usize) -> Result<Tensor> {
        self.grid().check_axes(mesh_axes)?;
        piece(x, slice_axis, self.group_size(mesh_axes), self.position(mesh_axes))
    }

    /// `mesh.all_to_all`: `x` split along `split_axis`, piece `j` to member `j`, the
    /// pieces received joined along `concat_axis` in group order.
    pub fn all_to_all(&self, x: &Tensor, mesh_axes: &[usize], split_axis: usize, concat_axis: usize) -> Result<Tensor> {
        let pieces = self.my_pieces(x, mesh_axes, split_axis)?;
        join(&pieces.iter().collect::<Vec<_>>(), concat_axis, "all_to_all")
    }

    /// Exchanges `x` within the group over `mesh_axes` and returns, from every
    /// member in group order, this device's piece of its tensor split along `axis`.
    fn my_pieces(&self, x: &Tensor, mesh_axes: &[usize], axis: usize) -> Result<Vec<Tensor>> {
        let (board, members) = self.exchange(x, mesh_axes)?;
        let me = self.position(mesh_axes);
        posted_all(&board, &members)?.into_iter().map(|t| piece(t, axis, members.len(), me)).collect()
    }

    /// The tensor the in-group `root` of this device's group posted on `board`.
    fn root_post<'b>(&self, board: &'b Board, mesh_axes: &[usize], root: &[usize]) -> Result<&'b Tensor> {
        posted(board, self.grid().in_group(self.index(), mesh_axes, root)?)
    }

    /// `mesh.broadcast`: the root's tensor on every member.
    pub fn broadcast(&self, x: &Tensor, mesh_axes: &[usize], root: &[usize]) -> Result<Tensor> {
        let (board, _) = self.exchange(x, mesh_axes)?;
        Ok(self.root_post(&board, mesh_axes, root)?.clone())
    }

    /// `mesh.gather`: on the root, the group's tensors joined along `gather_axis`
    /// (only the root joins them).
    pub fn gather(
        &self,
        x: &Tensor,
        mesh_axes: &[usize],
        gather_axis: usize,
        root: &[usize],
    ) -> Result<Option<Tensor>> {
        let (board, members) = self.exchange(x, mesh_axes)?;
        if self.grid().in_group(self.index(), mesh_axes, root)? != self.index() {
            return Ok(None);
        }
        join(&posted_all(&board, &members)?, gather_axis, "gather").map(Some)
    }

    /// `mesh.scatter`: the root's tensor split along `scatter_axis`, piece `j` to
    /// member `j` (each member copies only its piece).
    pub fn scatter(&self, x: &Tensor, mesh_axes: &[usize], scatter_axis: usize, root: &[usize]) -> Result<Tensor> {
        let (board, members) = self.exchange(x, mesh_axes)?;
        piece(self.root_post(&board, mesh_axes, root)?, scatter_axis, members.len(), self.position(mesh_axes))
    }

    /// `mesh.reduce`: on the root, the group's tensors combined by `reduction`.
    pub fn reduce(
        &self,
        x: &Tensor,
        mesh_axes: &[usize],
        reduction: ReductionKind,
        root: &[usize],
    ) -> Result<Option<Tensor>> {
        let (board, members) = self.exchange(x, mesh_axes)?;
        let root = self.grid().in_group(self.index(), mesh_axes, root)?;
        if root != self.index() {
            return Ok(None);
        }
        combine(reduction, &posted_all(&board, &members)?).map(Some)
    }

    /// `mesh.reduce_scatter`: the group's tensors combined by `reduction`, then this
    /// device's piece along `scatter_axis`.
    pub fn reduce_scatter(
        &self,
        x: &Tensor,
        mesh_axes: &[usize],
        reduction: ReductionKind,
        scatter_axis: usize,
    ) -> Result<Tensor> {
        // Only this device's piece of each contribution is combined.
        let pieces = self.my_pieces(x, mesh_axes, scatter_axis)?;
        combine(reduction, &pieces.iter().collect::<Vec<_>>())
    }

    /// `mesh.send` and `mesh.recv` in one round: this device sends `x` to the
    /// in-group `destination` and/or receives from the in-group `source`.
    pub fn send_recv(
        &self,
        send: Option<(&Tensor, &[usize])>,
        mesh_axes: &[usize],
        source: Option<&[usize]>,
    ) -> Result<Option<Tensor>> {
        self.grid().check_axes(mesh_axes)?;
        let post = match send {
            Some((x, destination)) => {
                let to = self.grid().in_group(self.index(), mesh_axes, destination)?;
                Some(Post { tensor: x.clone(), to: Some(to) })
            }
            None => None,
        };
        let board = self.round(post)?;
        let Some(source) = source else { return Ok(None) };
        let from = self.grid().in_group(self.index(), mesh_axes, source)?;
        match board.get(from).and_then(Option::as_ref) {
            Some(post) if post.to == Some(self.index()) => Ok(Some(post.tensor.clone())),
            _ => fail(format!("device {} receives from device {from}, which sent it nothing", self.index())),
        }
    }

    /// `mesh.shift`: each device's tensor moves `offset` places along mesh axis
    /// `shift_axis` (one of `mesh_axes`) within its group, wrapping around if
    /// `rotate`; `None` where nothing arrives.
    pub fn shift(
        &self,
        x: &Tensor,
        mesh_axes: &[usize],
        shift_axis: usize,
        offset: i64,
        rotate: bool,
    ) -> Result<Option<Tensor>> {
        if !mesh_axes.contains(&shift_axis) {
            return fail(format!("shift axis {shift_axis} is not among mesh axes {mesh_axes:?}"));
        }
        let (board, _) = self.exchange(x, mesh_axes)?;
        let mut coordinates = self.grid().coordinates(self.index());
        let size = self.grid().shape()[shift_axis] as i64;
        let from = coordinates[shift_axis] as i64 - offset;
        let from = if rotate { from.rem_euclid(size) } else { from };
        if !(0..size).contains(&from) {
            return Ok(None);
        }
        coordinates[shift_axis] = from as usize;
        let source = self.grid().device(&coordinates);
        Ok(Some(posted(&board, source)?.clone()))
    }

    /// `collective_permute`: for each `(source, target)` pair of devices, the target
    /// gets the source's tensor; a device no pair targets gets zeros.
    pub fn collective_permute(&self, x: &Tensor, pairs: &[(usize, usize)]) -> Result<Tensor> {
        let devices = self.grid().devices();
        if let Some(&(s, t)) = pairs.iter().find(|&&(s, t)| s >= devices || t >= devices) {
            return fail(format!("pair ({s}, {t}) names a device outside the {devices} of the mesh"));
        }
        let board = self.round(Some(Post { tensor: x.clone(), to: None }))?;
        let mut sources = pairs.iter().filter(|&&(_, t)| t == self.index()).map(|&(s, _)| s);
        match (sources.next(), sources.next()) {
            (None, _) => Ok(Tensor::full(x.shape(), 0.0)),
            (Some(s), None) => Ok(posted(&board, s)?.clone()),
            (Some(a), Some(b)) => fail(format!("device {} is the target of devices {a} and {b}", self.index())),
        }
    }

    fn group_size(&self, mesh_axes: &[usize]) -> usize {
        mesh_axes.iter().map(|&a| self.grid().shape()[a]).product()
    }
}

/// `parts` joined along `axis` by collective `what`.
fn join(parts: &[&Tensor], axis: usize, what: &str) -> Result<Tensor> {
    Tensor::concat(parts, axis).ok_or_else(|| {
        let shapes: Vec<&[usize]> = parts.iter().map(|t| t.shape()).collect();
        Error::Collective(format!("{what} cannot join tensors of shapes {shapes:?} along {axis}"))
    })
}

/// Piece `index` of `parts` equal pieces of `x` along `axis`.
fn piece(x: &Tensor, axis: usize, parts: usize, index: usize) -> Result<Tensor> {
    x.piece(axis, parts, index).ok_or_else(|| {
        Error::Collective(format!("a tensor of shape {:?} does not split into {parts} along {axis}", x.shape()))
    })
}
