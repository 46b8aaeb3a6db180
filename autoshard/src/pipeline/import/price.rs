//! What the module's data costs beyond its fragments: each transfer's time (a hop
//! between meshes over the link, or a reshard on one mesh as its collectives), each
//! boundary's hop per microbatch, each mesh's peak memory.

use super::walk::{Found, Walk};
use super::{ImportedTransfer, Importer};
use autoshard_model::pipeline::{Task, TaskKind};
use autoshard_model::{Bytes, DType, Meshes, Seconds, TensorSharding};
use std::collections::BTreeMap;

/// The transfers, priced, and the hop across each of `stages - 1` boundaries.
pub(super) struct Priced {
    pub transfers: Vec<ImportedTransfer>,
    pub hops: Vec<Seconds>,
}

impl Importer<'_> {
    /// The transfers of `walk`, each priced and placed between the tasks that make
    /// and first read it, and the hop across each boundary of `stages` stages: the
    /// link's latency and the larger direction's bytes of one microbatch over the
    /// smallest mesh's devices.
    pub(super) fn price_transfers(&self, walk: &Walk, tasks: &[Task], stages: usize) -> Priced {
        let min_devices = self.min_devices();
        let mut transfers = Vec::new();
        let mut crossing: BTreeMap<(usize, usize, u32), u64> = BTreeMap::new();
        for (result, operand) in &walk.transfers {
            let (Some(to), Some(from)) = (walk.held.get(result), walk.held.get(operand)) else { continue };
            let (Some(from_mesh), Some(to_mesh)) = (from.mesh, to.mesh) else { continue };
            let dtype: DType = from.tensor.element.parse().unwrap_or(DType::F32);
            let dims = from.tensor.dims();
            let bytes = Bytes(dims.iter().fold(dtype.size_bytes(), |a, d| a.saturating_mul((*d).max(0) as u64)));
            let time = if from_mesh == to_mesh {
                self.reshard_time(to_mesh, &dims, dtype, from.sharding.as_ref(), to.sharding.as_ref())
            } else if bytes.0 == 0 {
                Seconds(0.0)
            } else {
                Seconds(self.link.latency.0 + bytes.0 as f64 / min_devices as f64 / self.link.bandwidth.0)
            };
            let reader = walk
                .found
                .iter()
                .enumerate()
                .find(|(_, f)| f.position > to.defined && f.inputs.contains(&to.name))
                .map(|(i, _)| tasks[i]);
            let maker = from.fragment.map(|i| tasks[i]);
            if let (Some(a), Some(b)) = (maker, reader)
                && a.kind != TaskKind::Update
                && b.kind != TaskKind::Update
                && a.stage != b.stage
            {
                let (lo, hi) = (a.stage.min(b.stage) as usize, a.stage.max(b.stage) as usize);
                let direction = usize::from(a.stage > b.stage);
                for k in lo..hi {
                    *crossing.entry((k, direction, a.microbatch)).or_default() += bytes.0;
                }
            }
            transfers.push(ImportedTransfer {
                value: from.name.clone(),
                from: from_mesh,
                to: to_mesh,
                shardings: [from.sharding.clone(), to.sharding.clone()],
                bytes,
                time,
                between: [maker, reader],
            });
        }
        let hops = (0..stages.saturating_sub(1))
            .map(|k| {
                let worst =
                    crossing.iter().filter(|((b, _, _), _)| *b == k).map(|(_, bytes)| *bytes).max().unwrap_or(0);
                if worst == 0 {
                    Seconds(0.0)
                } else {
                    Seconds(self.link.latency.0 + worst as f64 / min_devices as f64 / self.link.bandwidth.0)
                }
            })
            .collect();
        Priced { transfers, hops }
    }

    fn min_devices(&self) -> i64 {
        self.topology.meshes().iter().map(|m| m.mesh.total_size()).min().unwrap_or(1).max(1)
    }

    /// Each mesh's peak memory per device: each fragment's own peak plus what the
    /// mesh holds across it (values of `@main` on the mesh made before it and read
    /// after it).
    pub(super) fn peak_memory(&self, walk: &Walk) -> Vec<Bytes> {
        let mut peak = vec![Bytes(0); self.topology.meshes().len()];
        for f in &walk.found {
            let own = walk.programs[f.program].solution.plan.objective.peak_memory_bytes.0;
            let resident = self.resident(walk, f);
            peak[f.mesh] = Bytes(peak[f.mesh].0.max(own.saturating_add(resident)));
        }
        peak
    }

    /// The bytes per device of `f`'s mesh held across `f`.
    fn resident(&self, walk: &Walk, f: &Found) -> u64 {
        let mut resident = 0u64;
        for (ssa, h) in &walk.held {
            if h.mesh != Some(f.mesh) || h.defined >= f.position || f.inputs.contains(&h.name) {
                continue;
            }
            if walk.last_use.get(ssa).copied().unwrap_or(-1) > f.position {
                resident = resident.saturating_add(self.local_bytes(f.mesh, &h.tensor, h.sharding.as_ref()));
            }
        }
        resident
    }

    fn mesh_of(&self, mesh: usize) -> Meshes {
        Meshes::single("mesh", self.topology.meshes()[mesh].mesh.clone())
    }

    fn local_bytes(&self, mesh: usize, tensor: &autoshard_mpmd::TensorType, sharding: Option<&TensorSharding>) -> u64 {
        let dtype: DType = tensor.element.parse().unwrap_or(DType::F32);
        let dims = tensor.dims();
        let meshes = self.mesh_with(mesh, sharding);
        let global = dims.iter().fold(dtype.size_bytes(), |a, d| a.saturating_mul((*d).max(0) as u64));
        match sharding {
            Some(s) => {
                autoshard_cost::Tensor { meshes: &meshes, shape: &dims, dtype }.local_bytes(s).map_or(global, |b| b.0)
            }
            None => global,
        }
    }

    fn mesh_with(&self, mesh: usize, sharding: Option<&TensorSharding>) -> Meshes {
        let mut meshes = self.mesh_of(mesh);
        if let Some(name) = sharding.and_then(|s| s.mesh_name()) {
            meshes.insert(name, self.topology.meshes()[mesh].mesh.clone());
        }
        meshes
    }

    /// A reshard on one mesh: its cheapest collectives' time.
    fn reshard_time(
        &self,
        mesh: usize,
        dims: &[i64],
        dtype: DType,
        from: Option<&TensorSharding>,
        to: Option<&TensorSharding>,
    ) -> Seconds {
        let (Some(from), Some(to)) = (from, to) else { return Seconds(0.0) };
        if from == to {
            return Seconds(0.0);
        }
        let meshes = self.mesh_with(mesh, Some(from));
        let meshes = match to.mesh_name() {
            Some(n) if meshes.get(n).is_none() => {
                let mut m = meshes;
                m.insert(n, self.topology.meshes()[mesh].mesh.clone());
                m
            }
            _ => meshes,
        };
        let tensor = autoshard_cost::Tensor { meshes: &meshes, shape: dims, dtype };
        autoshard_cost::cheapest_plan(tensor, from, to, &self.hardware[mesh])
            .map_or(Seconds(0.0), |plan| autoshard_cost::total_time(&plan))
    }
}
