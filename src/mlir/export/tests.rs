use super::*;

#[test]
fn literals_parse_as_mlir_numbers() {
    assert_eq!(literal(1.0, DType::F32), "1.000000000e0");
    assert_eq!(literal(f64::NEG_INFINITY, DType::F32), "0xFF800000");
    assert_eq!(literal(f64::NEG_INFINITY, DType::I32), "-2147483648");
    assert_eq!(literal(1.0, DType::I1), "true");
    assert_eq!(literal(f64::INFINITY, DType::BF16), "0x7F80");
}
