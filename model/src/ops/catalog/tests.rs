//! The catalog declares every op once, its names map back, and every derived codec has
//! what it needs.

use super::*;
use crate::ops::decl::{AttrValue, AttrValues, Codec, DeclError, HloAttr};
use crate::ops::{BinaryOp, OTHER_OP_NAMES, UnaryOp, op_names};
use std::collections::BTreeSet;

/// A value of `kind` unlike any placeholder.
fn sample(kind: &AttrKind) -> Option<AttrValue> {
    Some(match kind {
        AttrKind::Int => AttrValue::Int(2),
        AttrKind::Ints | AttrKind::Dims => AttrValue::Ints(vec![1, 0]),
        AttrKind::Float => AttrValue::Float(0.5),
        AttrKind::Bool => AttrValue::Bool(true),
        AttrKind::DType => AttrValue::DType(DType::BF16),
        AttrKind::Enum(words) => AttrValue::Word((words.all)().last()?),
        AttrKind::Other(_) => return None,
    })
}

#[test]
fn every_op_of_the_op_set_is_declared_exactly_once() {
    let declared: Vec<&str> = all().iter().map(|d| d.name).collect();
    let unique: BTreeSet<&str> = declared.iter().copied().collect();
    assert_eq!(unique.len(), declared.len(), "an op is declared twice");
    let op_set: BTreeSet<&str> = (UnaryOp::ALL.iter().map(|u| u.name()))
        .chain(BinaryOp::ALL.iter().map(|b| b.name()))
        .chain(OTHER_OP_NAMES)
        .collect();
    assert_eq!(unique, op_set);
    assert_eq!(op_names(), unique.into_iter().collect::<Vec<_>>());
}

#[test]
fn every_stablehlo_name_maps_back_to_its_op() {
    let mut seen = BTreeSet::new();
    for decl in all() {
        for &name in decl.stablehlo {
            assert!(seen.insert(name), "{name} is declared twice");
            assert_eq!(by_stablehlo(name).map(|d| d.name), Some(decl.name), "{name}");
            assert!(["stablehlo.", "chlo.", "sdy.", "func."].iter().any(|p| name.starts_with(p)), "{name}");
        }
        assert_eq!(decl.import == Codec::Absent, decl.stablehlo.is_empty(), "{}", decl.name);
        assert_eq!(find(decl.name).map(|d| d.name), Some(decl.name));
    }
    assert!(by_stablehlo("stablehlo.gelu").is_none() && find("not_an_op").is_none());
}

#[test]
fn every_derived_codec_has_what_it_needs() {
    for decl in all() {
        if decl.config == Codec::Derived {
            assert!(config_derivable(decl), "{}: a derived config codec needs plain attributes", decl.name);
        }
        for codec in [decl.import, decl.export] {
            if codec == Codec::Derived {
                assert!(stablehlo_derivable(decl), "{}: a derived StableHLO codec needs spelt attributes", decl.name);
            }
        }
        for attr in decl.attrs {
            let defaults =
                [attr.default, if let Spelling::Attr(HloAttr { default, .. }) = attr.hlo { default } else { None }];
            for default in defaults.into_iter().flatten() {
                match (default, &attr.kind) {
                    (AttrDefault::Int(_), AttrKind::Int)
                    | (AttrDefault::Float(_), AttrKind::Float)
                    | (AttrDefault::Bool(_), AttrKind::Bool)
                    | (AttrDefault::DType(_), AttrKind::DType)
                    | (AttrDefault::Empty, AttrKind::Ints | AttrKind::Dims | AttrKind::Other(_))
                    | (AttrDefault::Computed(_), _) => {}
                    (AttrDefault::Word(w), AttrKind::Enum(words)) => {
                        assert!((words.all)().contains(&w), "{}.{}: default {w}", decl.name, attr.key);
                    }
                    (AttrDefault::Fill { like, .. }, AttrKind::Ints) => {
                        assert!(matches!(decl.attr(like).map(|a| a.kind), Some(AttrKind::Ints)), "{}", decl.name);
                    }
                    (d, k) => panic!("{}.{}: default {d:?} of a {k:?}", decl.name, attr.key),
                }
            }
        }
    }
}

#[test]
fn values_and_kinds_round_trip_through_the_fields() {
    for decl in all() {
        let Some(build) = decl.build else { continue };
        assert_eq!((build.empty)().name(), decl.name);
        let values = AttrValues(decl.attrs.iter().map(|a| (a.key, sample(&a.kind).expect("plain"))).collect());
        let kind = decl.build(&values).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(kind.name(), decl.name);
        assert_eq!(decl.values(&kind), Ok(values.clone()), "{}", decl.name);
        if let Some((key, _)) = values.0.first() {
            let mut missing = values.clone();
            missing.0.remove(0);
            assert!(matches!(decl.build(&missing), Err(DeclError::Missing { key: k, .. }) if k == *key));
        }
    }
    let add = find("add").and_then(|d| d.build(&AttrValues::default()).ok());
    assert_eq!(add, Some(OpKind::Binary(BinaryOp::Add)));
    let transpose = find("transpose").expect("declared");
    let wrong = AttrValues(vec![("permutation", AttrValue::Int(1))]);
    assert!(matches!(transpose.build(&wrong), Err(DeclError::Mismatch { .. })));
    assert!(matches!(find("convolution").map(|d| d.values(&OpKind::Select)), Some(Err(DeclError::NotDerived { .. }))));
}
