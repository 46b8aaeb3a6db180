//! Which device holds which block of a sharded value, drawn as a small box grid in
//! the spirit of `jax.debug.visualize_array_sharding`.
//!
//! A dimension sharded along axes of total size k is cut into k blocks; a device's
//! block along it is its mixed-radix coordinate along those axes (first axis major,
//! a sub-axis `"x":(m)k` taking its digit of `"x"`), computed by the executor's
//! [`Placement`], so the grid is where a run puts the data. Devices are the mesh's
//! linear positions, row-major over its axes; position p is the physical device
//! `device_ids[p]`, and cells name physical ids, ascending, the replicas of a block
//! together (`0,4`; runs of three or more as `0-3`).
//!
//! What is drawn:
//! - rank 1: one row of blocks along dimension 0;
//! - rank 2: rows are dimension 0's blocks, columns dimension 1's;
//! - higher ranks: the split dimensions when at most two are split (rows the
//!   earlier, columns the later; a single split dimension as one row), and when
//!   three or more are split, a list of blocks (`[i, j, k]  devices`), which a grid
//!   cannot show faithfully;
//! - nothing for a value no dimension of which is split (the report says
//!   "replicated").
//!
//! Grids stay small: more than [`MAX_SIDE`] blocks along a side keep the first
//! `MAX_SIDE - 2`, an elision column (or row) `…` and the last; block lists stop
//! after [`MAX_LIST`] lines.

use crate::executor::Placement;
use crate::model::{Mesh, TensorSharding};
use std::collections::BTreeMap;

/// The most blocks drawn along one side of a grid before eliding the middle.
pub const MAX_SIDE: usize = 8;

/// The most lines of a block list before the rest is summarised.
pub const MAX_LIST: usize = 16;

/// Every block of a value's sharding with the physical devices holding it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocks {
    /// The number of blocks along each dimension (1 for an unsplit one).
    pub counts: Vec<usize>,
    /// Per block index (one entry per dimension), the devices holding that block,
    /// ascending.
    pub devices: BTreeMap<Vec<usize>, Vec<i64>>,
}

impl Blocks {
    /// The blocks of a rank-`rank` value sharded by `sharding` on `mesh`, each
    /// device's block index computed by the executor's [`Placement`]. A device whose
    /// index cannot be computed (an axis not in the mesh, which a verified sharding
    /// never has) holds no block, so a block nobody holds shows as "?".
    pub fn new(mesh: &Mesh, sharding: &TensorSharding, rank: usize) -> Blocks {
        let ids = mesh.device_ids();
        let counts: Vec<usize> = (0..rank).map(|d| sharding.shards(d, mesh).max(1) as usize).collect();
        let mut devices: BTreeMap<Vec<usize>, Vec<i64>> = BTreeMap::new();
        if let Ok(placement) = Placement::new(mesh, []) {
            for (position, &id) in ids.iter().enumerate() {
                let index: Result<Vec<usize>, _> = (0..rank)
                    .map(|d| placement.index(position, sharding.dims.get(d).map_or(&[][..], |dim| &dim.axes[..])))
                    .collect();
                if let Ok(index) = index {
                    devices.entry(index).or_default().push(id);
                }
            }
        }
        devices.values_mut().for_each(|d| d.sort_unstable());
        Blocks { counts, devices }
    }

    /// The dimensions cut into more than one block.
    pub fn split_dims(&self) -> Vec<usize> {
        (0..self.counts.len()).filter(|&d| self.counts[d] > 1).collect()
    }

    /// The devices of the block at `index` ("?" when none holds it, which a valid
    /// sharding never leaves).
    fn label(&self, index: &[usize]) -> String {
        self.devices.get(index).map_or_else(|| "?".to_string(), |d| device_list(d))
    }
}

/// `ids` (ascending) as `0,4`, with runs of three or more as `0-3`.
pub fn device_list(ids: &[i64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}-{}", ids[i], ids[j]));
        } else {
            parts.extend(ids[i..=j].iter().map(i64::to_string));
        }
        i = j + 1;
    }
    parts.join(",")
}

/// The lines that draw the blocks of a rank-`rank` value sharded by `sharding` on
/// `mesh`, with a caption saying which dimensions the grid shows when that is not
/// obvious; empty when no dimension is split. See the module docs for the layout.
pub fn render(mesh: &Mesh, sharding: &TensorSharding, rank: usize) -> Vec<String> {
    let blocks = Blocks::new(mesh, sharding, rank);
    let split = blocks.split_dims();
    match (rank, split.as_slice()) {
        (_, []) => Vec::new(),
        (1, _) => draw(&blocks, None, Some(0)),
        (2, _) => draw(&blocks, Some(0), Some(1)),
        (_, &[d]) => caption(format!("dim {d}"), draw(&blocks, None, Some(d))),
        (_, &[r, c]) => caption(format!("dims {r} (rows) x {c} (columns)"), draw(&blocks, Some(r), Some(c))),
        _ => list(&blocks),
    }
}

fn caption(text: String, mut lines: Vec<String>) -> Vec<String> {
    lines.insert(0, text);
    lines
}

/// The indices shown along a side of `n` blocks: `None` is the elision mark.
fn shown(n: usize) -> Vec<Option<usize>> {
    if n <= MAX_SIDE {
        (0..n).map(Some).collect()
    } else {
        (0..MAX_SIDE - 2).map(Some).chain([None, Some(n - 1)]).collect()
    }
}

/// A box grid, one text line per row of blocks (no rules between rows, to stay
/// small): rows along dimension `rows` (one row when `None`), columns along `cols`;
/// every other dimension is at block 0 (it is not split).
fn draw(blocks: &Blocks, rows: Option<usize>, cols: Option<usize>) -> Vec<String> {
    let count = |d: Option<usize>| d.map_or(1, |d| blocks.counts[d]);
    let (row_ids, col_ids) = (shown(count(rows)), shown(count(cols)));
    let label = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) => {
            let mut index = vec![0; blocks.counts.len()];
            if let Some(d) = rows {
                index[d] = r;
            }
            if let Some(d) = cols {
                index[d] = c;
            }
            blocks.label(&index)
        }
        _ => "…".to_string(),
    };
    let cells: Vec<Vec<String>> = row_ids.iter().map(|&r| col_ids.iter().map(|&c| label(r, c)).collect()).collect();
    let width = cells.iter().flatten().map(|l| l.chars().count()).max().unwrap_or(1) + 2;
    let rule = |left: &str, mid: &str, right: &str| {
        let bar = "─".repeat(width);
        format!("{left}{}{right}", vec![bar; col_ids.len()].join(mid))
    };
    let mut lines = vec![rule("┌", "┬", "┐")];
    for row in &cells {
        let padded: Vec<String> = row.iter().map(|l| centred(l, width)).collect();
        lines.push(format!("│{}│", padded.join("│")));
    }
    lines.push(rule("└", "┴", "┘"));
    lines
}

/// `text` centred in `width` columns (the extra space on the right).
fn centred(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(text.chars().count());
    format!("{}{text}{}", " ".repeat(pad / 2), " ".repeat(pad - pad / 2))
}

/// One line per block, `[i, j, k]  devices`, in block order.
fn list(blocks: &Blocks) -> Vec<String> {
    let split: Vec<String> = blocks.split_dims().iter().map(|&d| format!("{d}: {}", blocks.counts[d])).collect();
    let mut lines = vec![format!("blocks per dim {{{}}}", split.join(", "))];
    for (index, devices) in blocks.devices.iter().take(MAX_LIST) {
        let index: Vec<String> = index.iter().map(usize::to_string).collect();
        lines.push(format!("[{}]  {}", index.join(", "), device_list(devices)));
    }
    if blocks.devices.len() > MAX_LIST {
        lines.push(format!("… {} more blocks", blocks.devices.len() - MAX_LIST));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sharding(text: &str) -> TensorSharding {
        TensorSharding::parse_with_default_mesh(text, "mesh").unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn mesh(text: &str) -> Mesh {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn device_lists_join_runs() {
        assert_eq!(device_list(&[0, 4]), "0,4");
        assert_eq!(device_list(&[0, 1, 2, 3, 6]), "0-3,6");
        assert_eq!(device_list(&[0, 1, 5, 6]), "0,1,5,6");
    }

    #[test]
    fn a_matrix_on_a_two_by_four_mesh() {
        let lines = render(&mesh(r#"<["x"=2, "y"=4]>"#), &sharding(r#"[{"x"}, {}]"#), 2);
        assert_eq!(lines, ["┌─────┐", "│ 0-3 │", "│ 4-7 │", "└─────┘"]);
        let lines = render(&mesh(r#"<["x"=2, "y"=4]>"#), &sharding(r#"[{}, {"x"}]"#), 2);
        assert_eq!(lines, ["┌─────┬─────┐", "│ 0-3 │ 4-7 │", "└─────┴─────┘"]);
        let lines = render(&mesh(r#"<["x"=2, "y"=2]>"#), &sharding(r#"[{"y"}, {"x"}]"#), 2);
        assert_eq!(lines, ["┌───┬───┐", "│ 0 │ 2 │", "│ 1 │ 3 │", "└───┴───┘"]);
    }

    #[test]
    fn device_order_and_sub_axes() {
        let m = mesh(r#"<["x"=4], device_ids=[3, 2, 1, 0]>"#);
        assert_eq!(
            render(&m, &sharding(r#"[{"x"}]"#), 1),
            ["┌───┬───┬───┬───┐", "│ 3 │ 2 │ 1 │ 0 │", "└───┴───┴───┴───┘"]
        );
        let m = mesh(r#"<["x"=4]>"#);
        let lines = render(&m, &sharding(r#"[{"x":(2)2}, {"x":(1)2}]"#), 2);
        assert_eq!(lines, ["┌───┬───┐", "│ 0 │ 2 │", "│ 1 │ 3 │", "└───┴───┘"]);
    }

    #[test]
    fn replicated_values_draw_nothing_and_wide_ones_are_elided() {
        assert!(render(&mesh(r#"<["x"=2]>"#), &sharding("[{}, {}]"), 2).is_empty());
        let lines = render(&mesh(r#"<["x"=16]>"#), &sharding(r#"[{"x"}]"#), 1);
        assert_eq!(lines[1], "│ 0  │ 1  │ 2  │ 3  │ 4  │ 5  │ …  │ 15 │");
    }

    #[test]
    fn higher_ranks() {
        let m = mesh(r#"<["x"=2, "y"=2, "z"=2]>"#);
        let lines = render(&m, &sharding(r#"[{}, {"x"}, {}, {"y"}]"#), 4);
        assert_eq!(lines[0], "dims 1 (rows) x 3 (columns)");
        assert_eq!(lines[2], "│ 0,1 │ 2,3 │");
        let lines = render(&m, &sharding(r#"[{"x"}, {"y"}, {"z"}]"#), 3);
        assert_eq!(lines[0], "blocks per dim {0: 2, 1: 2, 2: 2}");
        assert_eq!(lines[1], "[0, 0, 0]  0");
        assert_eq!(lines[8], "[1, 1, 1]  7");
    }
}
