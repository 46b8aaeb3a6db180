module @jit_train_step attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  sdy.mesh @mesh = <["data"=2, "model"=4]> {stablehlo.mesh = {axes = [{name = "data", size = 2 : i64}, {name = "model", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<256x64xf32> {jax.buffer_donor = true}, %arg1: tensor<64x64xf32> {jax.buffer_donor = true}, %arg2: tensor<64x64xf32> {jax.buffer_donor = true}, %arg3: tensor<64x64xf32> {jax.buffer_donor = true}, %arg4: tensor<64x64xf32> {jax.buffer_donor = true}, %arg5: tensor<i32> {jax.buffer_donor = true, sdy.sharding = #sdy.sharding<@empty_mesh, []>}, %arg6: tensor<256x64xf32> {jax.buffer_donor = true}, %arg7: tensor<64x64xf32> {jax.buffer_donor = true}, %arg8: tensor<64x64xf32> {jax.buffer_donor = true}, %arg9: tensor<64x64xf32> {jax.buffer_donor = true}, %arg10: tensor<64x64xf32> {jax.buffer_donor = true}, %arg11: tensor<256x64xf32> {jax.buffer_donor = true}, %arg12: tensor<64x64xf32> {jax.buffer_donor = true}, %arg13: tensor<64x64xf32> {jax.buffer_donor = true}, %arg14: tensor<64x64xf32> {jax.buffer_donor = true}, %arg15: tensor<64x64xf32> {jax.buffer_donor = true}, %arg16: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %arg17: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<256x64xf32> {jax.result_info = "result[0]['embed']"}, tensor<64x64xf32> {jax.result_info = "result[0]['wk']"}, tensor<64x64xf32> {jax.result_info = "result[0]['wo']"}, tensor<64x64xf32> {jax.result_info = "result[0]['wq']"}, tensor<64x64xf32> {jax.result_info = "result[0]['wv']"}, tensor<i32> {jax.result_info = "result[1][0].count"}, tensor<256x64xf32> {jax.result_info = "result[1][0].mu['embed']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].mu['wk']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].mu['wo']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].mu['wq']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].mu['wv']"}, tensor<256x64xf32> {jax.result_info = "result[1][0].nu['embed']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].nu['wk']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].nu['wo']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].nu['wq']"}, tensor<64x64xf32> {jax.result_info = "result[1][0].nu['wv']"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F2C3C913ED47229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3F2C3C913ED47229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FB8CD753F6F3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FB8CD753F6F3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FBDFF403FBB7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FBDFF403FBB7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FF6FD14BEE69151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FF6FD14BEE69151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FD53F69BFA2E674BFD5211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FD53F69BFA2E674BFD5211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FD006583F554F4BBFF586B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FD006583F554F4BBFF586B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3F6F4E683F9DD910BF9BF5883EC3AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3F6F4E683F9DD910BF9BF5883EC3AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FD7040C3E0F0D90BEDE0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FD7040C3E0F0D90BEDE0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FE87A42BFF722FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FE87A42BFF722FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3F"> : tensor<16x16xf32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [1, 3] : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %cst_0 = stablehlo.constant dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3B6D12833A5FCBA539A46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3B6D12833A5FCBA539B7C7683F1B54173FF96F4B3EC870813D3ED4A33CDD3DCF3B6912033B5FCB253AB7C7683F1B54173FF96F4B3EC870813D3ED4A33CDD3DCF3B6912033B5FCB253AC381103EC209503F6D4E973EC1FFC13D20B9F53C116E1B3C939B443B0DB1783AC381103EC209503F6D4E973EC1FFC13D20B9F53C116E1B3C939B443B0DB1783ACFBD41BFDE1D743FD761C73E882E013EDBCB233DCD3C4F3C5812833B5CCBA53ACFBD41BFDE1D743FD761C73E882E013EDBCB233DCD3C4F3C5812833B5CCBA53A107C75BF7FFC7F3F4477F53E1E3C213EF5B64C3D8185813CDED6A33B313ECF3A107C75BF7FFC7F3F4477F53E1E3C213EF5B64C3D8185813CDED6A33B313ECF3A8C0F8FBE4D78723F698C103F6F20413ED19C753D466C9B3C599BC43B05B1F83A8C0F8FBE4D78723F698C103F6F20413ED19C753D466C9B3C599BC43B05B1F83A4630283F6FE84C3F73EB243F50D3603E323E8F3DA652B53CC75FE53BEC11113B4630283F6FE84C3F73EB243F50D3603E323E8F3DA652B53CC75FE53BEC11113B95467D3F7D06133FA6A4373F5226803E51AAA33D8E38CF3C1312033C54CB253B95467D3F7D06133FA6A4373F5226803E51AAA33D8E38CF3C1312033C54CB253B3201D33EEA1F953E1D88483F2EC28F3E3F12B83DEF1DE93C3A74133CBB843A3B3201D33EEA1F953E1D88483F2EC28F3E3F12B83DEF1DE93C3A74133CBB843A3BF8440BBF8270A9BCA46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3BF8440BBF8270A9BCA46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3B5CFF7FBF2141A9BE2A26643F8B87AE3E72D3E03D6B730E3D6A38343C85F7633B5CFF7FBF2141A9BE2A26643F8B87AE3E72D3E03D6B730E3D6A38343C85F7633BD85C09BF26911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE8B0783BD85C09BF26911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE8B0783B2220D73E4C1453BFC0AB763F409ACC3ED0BE043E6956283D6BFC543C25B5863B2220D73E4C1453BFC0AB763F409ACC3ED0BE043E6956283D6BFC543C25B5863B72987D3FB2A875BF6F467C3FF556DB3E64E40E3E4647353D565E653CD411913B72987D3FB2A875BF6F467C3FF556DB3E64E40E3E4647353D565E653CD411913B4479263F75E07FBFD55B7F3F83DBE93E4F06193EAD37423D33C0753C836E9B3B4479263F75E07FBFD55B7F3F83DBE93E4F06193EAD37423D33C0753C836E9B3B"> : tensor<16x16xf32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [1, 3] : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %cst_1 = stablehlo.constant dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3FF8FF7F3FFFFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F3311D5BEEC7B4E3FA5E57A3FF97C7F3FE5F27F3FB0FE7F3FDEFF7F3FFDFF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F26707DBF572F153FEF90743F4FD97E3F83E27F3F0DFD7F3FB5FF7F3FF8FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F305527BFB12E9A3EA7CA6B3F69F47D3F94CB7F3FC2FA7F3F7AFF7F3FF3FF7F3F2C3C913ED47229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3F2C3C913ED47229BC40A9603F81CE7C3F19AE7F3FCFF77F3F2EFF7F3FEBFF7F3FB8CD753F6F3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FB8CD753F6F3FA4BE3249533FE3677B3F128A7F3F34F47F3FD2FE7F3FE2FF7F3FBDFF403FBB7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FBDFF403FBB7419BFB3CC433FEAC0793F815F7F3FF2EF7F3F65FE7F3FD7FF7F3FF6FD14BEE69151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FF6FD14BEE69151BF5F5B323F02DA773F662E7F3F08EB7F3FE7FD7F3FCAFF7F3FD53F69BFA2E674BFD5211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3FD53F69BFA2E674BFD5211F3FA9B3753FC2F67E3F76E57F3F59FD7F3FBCFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F64CD56BFFBF17FBF40510A3F6A4E733F98B87E3F3CDF7F3FB9FC7F3FACFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3F7205913B8C9B71BFC03DE83EE4AA703FE8737E3F5BD87F3F09FC7F3F9AFF7F3FD006583F554F4BBFF586B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3FD006583F554F4BBFF586B93EC3C96D3FB5287E3FD2D07F3F48FB7F3F87FF7F3F6F4E683F9DD910BF9BF5883EC3AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3F6F4E683F9DD910BF9BF5883EC3AB6A3F00D77D3FA1C87F3F76FA7F3F72FF7F3FD7040C3E0F0D90BEDE0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FD7040C3E0F0D90BEDE0B2E3EB151673FCC7E7D3FC9BF7F3F94F97F3F5CFF7F3FE87A42BFF722FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3FE87A42BFF722FE3CAADE903D68BC633F1A207D3F49B67F3FA1F87F3F43FF7F3F"> : tensor<16x16xf32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [1, 3] : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %cst_2 = stablehlo.constant dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000A46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3B6D12833A5FCBA539A46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3B6D12833A5FCBA539B7C7683F1B54173FF96F4B3EC870813D3ED4A33CDD3DCF3B6912033B5FCB253AB7C7683F1B54173FF96F4B3EC870813D3ED4A33CDD3DCF3B6912033B5FCB253AC381103EC209503F6D4E973EC1FFC13D20B9F53C116E1B3C939B443B0DB1783AC381103EC209503F6D4E973EC1FFC13D20B9F53C116E1B3C939B443B0DB1783ACFBD41BFDE1D743FD761C73E882E013EDBCB233DCD3C4F3C5812833B5CCBA53ACFBD41BFDE1D743FD761C73E882E013EDBCB233DCD3C4F3C5812833B5CCBA53A107C75BF7FFC7F3F4477F53E1E3C213EF5B64C3D8185813CDED6A33B313ECF3A107C75BF7FFC7F3F4477F53E1E3C213EF5B64C3D8185813CDED6A33B313ECF3A8C0F8FBE4D78723F698C103F6F20413ED19C753D466C9B3C599BC43B05B1F83A8C0F8FBE4D78723F698C103F6F20413ED19C753D466C9B3C599BC43B05B1F83A4630283F6FE84C3F73EB243F50D3603E323E8F3DA652B53CC75FE53BEC11113B4630283F6FE84C3F73EB243F50D3603E323E8F3DA652B53CC75FE53BEC11113B95467D3F7D06133FA6A4373F5226803E51AAA33D8E38CF3C1312033C54CB253B95467D3F7D06133FA6A4373F5226803E51AAA33D8E38CF3C1312033C54CB253B3201D33EEA1F953E1D88483F2EC28F3E3F12B83DEF1DE93C3A74133CBB843A3B3201D33EEA1F953E1D88483F2EC28F3E3F12B83DEF1DE93C3A74133CBB843A3BF8440BBF8270A9BCA46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3BF8440BBF8270A9BCA46A573F3E399F3E7675CC3D5C81013D57D6233C203E4F3B5CFF7FBF2141A9BE2A26643F8B87AE3E72D3E03D6B730E3D6A38343C85F7633B5CFF7FBF2141A9BE2A26643F8B87AE3E72D3E03D6B730E3D6A38343C85F7633BD85C09BF26911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE8B0783BD85C09BF26911BBF1D9A6E3F2CA9BD3EAC2BF53D1D651B3D719A443CE8B0783B2220D73E4C1453BFC0AB763F409ACC3ED0BE043E6956283D6BFC543C25B5863B2220D73E4C1453BFC0AB763F409ACC3ED0BE043E6956283D6BFC543C25B5863B72987D3FB2A875BF6F467C3FF556DB3E64E40E3E4647353D565E653CD411913B72987D3FB2A875BF6F467C3FF556DB3E64E40E3E4647353D565E653CD411913B4479263F75E07FBFD55B7F3F83DBE93E4F06193EAD37423D33C0753C836E9B3B4479263F75E07FBFD55B7F3F83DBE93E4F06193EAD37423D33C0753C836E9B3B"> : tensor<16x16xf32>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [1, 3] : (tensor<16x16xf32>) -> tensor<1x16x1x16xf32>
    %c = stablehlo.constant dense<"0x01000000000000000000000000000000010100000000000000000000000000000101010000000000000000000000000001010101000000000000000000000000010101010100000000000000000000000101010101010000000000000000000001010101010101000000000000000000010101010101010100000000000000000101010101010101010000000000000001010101010101010101000000000000010101010101010101010100000000000101010101010101010101010000000001010101010101010101010101000000010101010101010101010101010100000101010101010101010101010101010001010101010101010101010101010101"> : tensor<16x16xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %5 = stablehlo.compare LT, %arg16, %4, SIGNED : (tensor<8x16xi32>, tensor<8x16xi32>) -> tensor<8x16xi1>
    %c_4 = stablehlo.constant dense<256> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<8x16xi32>
    %7 = stablehlo.add %arg16, %6 : tensor<8x16xi32>
    %8 = stablehlo.select %5, %7, %arg16 : tensor<8x16xi1>, tensor<8x16xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %10 = "stablehlo.gather"(%arg0, %9) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<8x16x1xi32>) -> tensor<8x16x64xf32>
    %11 = stablehlo.dot_general %10, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %12 = stablehlo.reshape %11 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %13 = stablehlo.slice %12 [0:8, 0:16, 0:4, 8:16] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %14 = stablehlo.negate %13 : tensor<8x16x4x8xf32>
    %15 = stablehlo.slice %12 [0:8, 0:16, 0:4, 0:8] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %16 = stablehlo.concatenate %14, %15, dim = 3 : (tensor<8x16x4x8xf32>, tensor<8x16x4x8xf32>) -> tensor<8x16x4x16xf32>
    %17 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %18 = stablehlo.multiply %12, %17 : tensor<8x16x4x16xf32>
    %19 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %20 = stablehlo.multiply %16, %19 : tensor<8x16x4x16xf32>
    %21 = stablehlo.add %18, %20 : tensor<8x16x4x16xf32>
    %22 = stablehlo.dot_general %10, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %23 = stablehlo.reshape %22 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %24 = stablehlo.slice %23 [0:8, 0:16, 0:4, 8:16] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %25 = stablehlo.negate %24 : tensor<8x16x4x8xf32>
    %26 = stablehlo.slice %23 [0:8, 0:16, 0:4, 0:8] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %27 = stablehlo.concatenate %25, %26, dim = 3 : (tensor<8x16x4x8xf32>, tensor<8x16x4x8xf32>) -> tensor<8x16x4x16xf32>
    %28 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %29 = stablehlo.multiply %23, %28 : tensor<8x16x4x16xf32>
    %30 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %31 = stablehlo.multiply %27, %30 : tensor<8x16x4x16xf32>
    %32 = stablehlo.add %29, %31 : tensor<8x16x4x16xf32>
    %33 = stablehlo.dot_general %10, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %34 = stablehlo.reshape %33 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %35 = stablehlo.dot_general %21, %32, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %37 = stablehlo.divide %35, %36 : tensor<8x4x16x16xf32>
    %cst_6 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %38:3 = call @_where(%c, %37, %cst_6) : (tensor<16x16xi1>, tensor<8x4x16x16xf32>, tensor<f32>) -> (tensor<8x4x16x16xf32>, tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>)
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %39 = stablehlo.reduce(%38#0 init: %cst_7) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %40 = stablehlo.reshape %39 : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %42 = stablehlo.compare EQ, %38#0, %41, FLOAT : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xi1>
    %43 = stablehlo.convert %42 : (tensor<8x4x16x16xi1>) -> tensor<8x4x16x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%43 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %46 = stablehlo.maximum %45, %39 : tensor<8x4x16xf32>
    %47 = stablehlo.compare EQ, %39, %46, FLOAT : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xi1>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %50 = stablehlo.select %47, %48, %49 : tensor<8x4x16xi1>, tensor<8x4x16xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %52 = stablehlo.compare EQ, %51, %46, FLOAT : (tensor<8x4x16xf32>, tensor<8x4x16xf32>) -> tensor<8x4x16xi1>
    %cst_13 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x4x16xf32>
    %55 = stablehlo.select %52, %53, %54 : tensor<8x4x16xi1>, tensor<8x4x16xf32>
    %56 = stablehlo.divide %50, %55 : tensor<8x4x16xf32>
    %57 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %59 = stablehlo.subtract %38#0, %58 : tensor<8x4x16x16xf32>
    %60 = stablehlo.exponential %59 : tensor<8x4x16x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.reduce(%60 init: %cst_15) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %64 = stablehlo.divide %60, %63 : tensor<8x4x16x16xf32>
    %65 = stablehlo.multiply %62, %62 : tensor<8x4x16x1xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x4x16x1xf32>
    %67 = stablehlo.divide %66, %65 : tensor<8x4x16x1xf32>
    %68 = stablehlo.dot_general %34, %64, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x16x4x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %69 = stablehlo.transpose %68, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %70 = stablehlo.reshape %69 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %71 = stablehlo.dot_general %70, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %72 = stablehlo.add %10, %71 : tensor<8x16x64xf32>
    %73 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %74 = stablehlo.dot_general %72, %73, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x256xf32>) -> tensor<8x16x256xf32>
    %75 = stablehlo.broadcast_in_dim %arg17, dims = [0, 1] : (tensor<8x16xi32>) -> tensor<8x16x1xi32>
    %76:2 = call @take_along_axis(%74, %75) : (tensor<8x16x256xf32>, tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>)
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %77:2 = call @_take(%76#0, %c_17) : (tensor<8x16x1xf32>, tensor<i32>) -> (tensor<8x16xf32>, tensor<1xi32>)
    %cst_18 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %78 = stablehlo.reduce(%74 init: %cst_18) applies stablehlo.maximum across dimensions = [2] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<8x16xf32>
    %79 = stablehlo.reshape %78 : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    %81 = stablehlo.compare EQ, %74, %80, FLOAT : (tensor<8x16x256xf32>, tensor<8x16x256xf32>) -> tensor<8x16x256xi1>
    %82 = stablehlo.convert %81 : (tensor<8x16x256xi1>) -> tensor<8x16x256xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.reduce(%82 init: %cst_19) applies stablehlo.add across dimensions = [2] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<8x16xf32>
    %cst_20 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %85 = stablehlo.maximum %84, %78 : tensor<8x16xf32>
    %86 = stablehlo.compare EQ, %78, %85, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %89 = stablehlo.select %86, %87, %88 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_23 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %91 = stablehlo.compare EQ, %90, %85, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_24 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %94 = stablehlo.select %91, %92, %93 : tensor<8x16xi1>, tensor<8x16xf32>
    %95 = stablehlo.divide %89, %94 : tensor<8x16xf32>
    %96 = stablehlo.is_finite %85 : (tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %98 = stablehlo.select %96, %85, %97 : tensor<8x16xi1>, tensor<8x16xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %100 = stablehlo.broadcast_in_dim %98, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %101 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2] : (tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    %102 = stablehlo.subtract %74, %101 : tensor<8x16x256xf32>
    %103 = stablehlo.exponential %102 : tensor<8x16x256xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.reduce(%103 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<8x16x256xf32>, tensor<f32>) -> tensor<8x16xf32>
    %105 = stablehlo.sign %104 : tensor<8x16xf32>
    %106 = stablehlo.abs %104 : tensor<8x16xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %108 = stablehlo.compare GE, %104, %107, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %109 = stablehlo.log %106 : tensor<8x16xf32>
    %110 = stablehlo.add %109, %98 : tensor<8x16xf32>
    %111 = stablehlo.subtract %110, %77#0 : tensor<8x16xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.reduce(%111 init: %cst_30) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<f32>
    %cst_31 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %113 = stablehlo.divide %112, %cst_31 : tensor<f32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_33 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
    %114 = stablehlo.divide %cst_32, %cst_33 : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %114, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %116 = stablehlo.negate %115 : tensor<8x16xf32>
    %117 = stablehlo.divide %115, %106 : tensor<8x16xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %119 = stablehlo.select %108, %118, %117 : tensor<8x16xi1>, tensor<8x16xf32>
    %120 = stablehlo.select %108, %117, %118 : tensor<8x16xi1>, tensor<8x16xf32>
    %121 = stablehlo.negate %119 : tensor<8x16xf32>
    %122 = stablehlo.add %120, %121 : tensor<8x16xf32>
    %123 = stablehlo.broadcast_in_dim %122, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16x256xf32>
    %124 = stablehlo.multiply %123, %103 : tensor<8x16x256xf32>
    %125 = call @_take_1(%77#1, %116) : (tensor<1xi32>, tensor<8x16xf32>) -> tensor<8x16x1xf32>
    %126 = call @take_along_axis_2(%76#1, %125) : (tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    %127 = stablehlo.add %124, %126 : tensor<8x16x256xf32>
    %128 = stablehlo.dot_general %127, %72, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %129 = stablehlo.transpose %128, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %130 = stablehlo.dot_general %127, %73, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x256xf32>, tensor<64x256xf32>) -> tensor<8x16x64xf32>
    %131 = stablehlo.transpose %129, dims = [1, 0] : (tensor<64x256xf32>) -> tensor<256x64xf32>
    %132 = stablehlo.dot_general %130, %70, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %133 = stablehlo.transpose %132, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %134 = stablehlo.dot_general %130, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %135 = stablehlo.reshape %134 : (tensor<8x16x64xf32>) -> tensor<8x16x4x16xf32>
    %136 = stablehlo.transpose %135, dims = [0, 2, 3, 1] : (tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %137 = stablehlo.dot_general %136, %34, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %138 = stablehlo.dot_general %136, %64, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %139 = stablehlo.transpose %138, dims = [0, 3, 1, 2] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %140 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %141 = stablehlo.multiply %137, %140 : tensor<8x4x16x16xf32>
    %142 = stablehlo.multiply %141, %60 : tensor<8x4x16x16xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %143 = stablehlo.reduce(%142 init: %cst_35) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x16xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %144 = stablehlo.reshape %143 : (tensor<8x4x16xf32>) -> tensor<8x4x16x1xf32>
    %145 = stablehlo.negate %144 : tensor<8x4x16x1xf32>
    %146 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2, 3] : (tensor<8x4x16x1xf32>) -> tensor<8x4x16x16xf32>
    %147 = stablehlo.divide %137, %146 : tensor<8x4x16x16xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %148 = stablehlo.reduce(%145 init: %cst_36) applies stablehlo.add across dimensions = [3] : (tensor<8x4x16x1xf32>, tensor<f32>) -> tensor<8x4x16xf32>
    %149 = stablehlo.broadcast_in_dim %148, dims = [0, 1, 2] : (tensor<8x4x16xf32>) -> tensor<8x4x16x16xf32>
    %150 = stablehlo.add %147, %149 : tensor<8x4x16x16xf32>
    %151 = stablehlo.multiply %150, %60 : tensor<8x4x16x16xf32>
    %152 = call @_where_3(%38#1, %38#2, %151) : (tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32>
    %cst_37 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %154 = stablehlo.divide %152, %153 : tensor<8x4x16x16xf32>
    %155 = stablehlo.dot_general %154, %21, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %156 = stablehlo.transpose %155, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %157 = stablehlo.dot_general %154, %32, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4x16x16xf32>, tensor<8x16x4x16xf32>) -> tensor<8x4x16x16xf32>
    %158 = stablehlo.transpose %157, dims = [0, 2, 1, 3] : (tensor<8x4x16x16xf32>) -> tensor<8x16x4x16xf32>
    %159 = stablehlo.reshape %139 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %160 = stablehlo.dot_general %159, %10, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %161 = stablehlo.transpose %160, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %162 = stablehlo.dot_general %159, %arg4, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %163 = stablehlo.add %130, %162 : tensor<8x16x64xf32>
    %164 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %165 = stablehlo.multiply %156, %164 : tensor<8x16x4x16xf32>
    %166 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %167 = stablehlo.multiply %156, %166 : tensor<8x16x4x16xf32>
    %168 = stablehlo.slice %165 [0:8, 0:16, 0:4, 0:8] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %169 = stablehlo.slice %165 [0:8, 0:16, 0:4, 8:16] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.pad %169, %cst_38, low = [0, 0, 0, 0], high = [0, 0, 0, 8], interior = [0, 0, 0, 0] : (tensor<8x16x4x8xf32>, tensor<f32>) -> tensor<8x16x4x16xf32>
    %171 = stablehlo.add %167, %170 : tensor<8x16x4x16xf32>
    %172 = stablehlo.negate %168 : tensor<8x16x4x8xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %173 = stablehlo.pad %172, %cst_39, low = [0, 0, 0, 8], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<8x16x4x8xf32>, tensor<f32>) -> tensor<8x16x4x16xf32>
    %174 = stablehlo.add %171, %173 : tensor<8x16x4x16xf32>
    %175 = stablehlo.reshape %174 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %176 = stablehlo.dot_general %175, %10, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %177 = stablehlo.transpose %176, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %178 = stablehlo.dot_general %175, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %179 = stablehlo.add %163, %178 : tensor<8x16x64xf32>
    %180 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %181 = stablehlo.multiply %158, %180 : tensor<8x16x4x16xf32>
    %182 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<1x16x1x16xf32>) -> tensor<8x16x4x16xf32>
    %183 = stablehlo.multiply %158, %182 : tensor<8x16x4x16xf32>
    %184 = stablehlo.slice %181 [0:8, 0:16, 0:4, 0:8] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %185 = stablehlo.slice %181 [0:8, 0:16, 0:4, 8:16] : (tensor<8x16x4x16xf32>) -> tensor<8x16x4x8xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %186 = stablehlo.pad %185, %cst_40, low = [0, 0, 0, 0], high = [0, 0, 0, 8], interior = [0, 0, 0, 0] : (tensor<8x16x4x8xf32>, tensor<f32>) -> tensor<8x16x4x16xf32>
    %187 = stablehlo.add %183, %186 : tensor<8x16x4x16xf32>
    %188 = stablehlo.negate %184 : tensor<8x16x4x8xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %189 = stablehlo.pad %188, %cst_41, low = [0, 0, 0, 8], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<8x16x4x8xf32>, tensor<f32>) -> tensor<8x16x4x16xf32>
    %190 = stablehlo.add %187, %189 : tensor<8x16x4x16xf32>
    %191 = stablehlo.reshape %190 : (tensor<8x16x4x16xf32>) -> tensor<8x16x64xf32>
    %192 = stablehlo.dot_general %191, %10, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<8x16x64xf32>) -> tensor<64x64xf32>
    %193 = stablehlo.transpose %192, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %194 = stablehlo.dot_general %191, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x16x64xf32>, tensor<64x64xf32>) -> tensor<8x16x64xf32>
    %195 = stablehlo.add %179, %194 : tensor<8x16x64xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %197 = "stablehlo.scatter"(%196, %9, %195) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg18: tensor<f32>, %arg19: tensor<f32>):
      %345 = stablehlo.add %arg18, %arg19 : tensor<f32>
      stablehlo.return %345 : tensor<f32>
    }) : (tensor<256x64xf32>, tensor<8x16x1xi32>, tensor<8x16x64xf32>) -> tensor<256x64xf32>
    %198 = stablehlo.add %131, %197 : tensor<256x64xf32>
    %cst_43 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %200 = stablehlo.multiply %199, %198 : tensor<256x64xf32>
    %cst_44 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %202 = stablehlo.multiply %201, %arg6 : tensor<256x64xf32>
    %203 = stablehlo.add %200, %202 : tensor<256x64xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %204 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %205 = stablehlo.multiply %204, %177 : tensor<64x64xf32>
    %cst_46 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %207 = stablehlo.multiply %206, %arg7 : tensor<64x64xf32>
    %208 = stablehlo.add %205, %207 : tensor<64x64xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %210 = stablehlo.multiply %209, %133 : tensor<64x64xf32>
    %cst_48 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %212 = stablehlo.multiply %211, %arg8 : tensor<64x64xf32>
    %213 = stablehlo.add %210, %212 : tensor<64x64xf32>
    %cst_49 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %214 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %215 = stablehlo.multiply %214, %193 : tensor<64x64xf32>
    %cst_50 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %216 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %217 = stablehlo.multiply %216, %arg9 : tensor<64x64xf32>
    %218 = stablehlo.add %215, %217 : tensor<64x64xf32>
    %cst_51 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %220 = stablehlo.multiply %219, %161 : tensor<64x64xf32>
    %cst_52 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %222 = stablehlo.multiply %221, %arg10 : tensor<64x64xf32>
    %223 = stablehlo.add %220, %222 : tensor<64x64xf32>
    %224 = stablehlo.multiply %198, %198 : tensor<256x64xf32>
    %cst_53 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %225 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %226 = stablehlo.multiply %225, %224 : tensor<256x64xf32>
    %cst_54 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %228 = stablehlo.multiply %227, %arg11 : tensor<256x64xf32>
    %229 = stablehlo.add %226, %228 : tensor<256x64xf32>
    %230 = stablehlo.multiply %177, %177 : tensor<64x64xf32>
    %cst_55 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %232 = stablehlo.multiply %231, %230 : tensor<64x64xf32>
    %cst_56 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %233 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %234 = stablehlo.multiply %233, %arg12 : tensor<64x64xf32>
    %235 = stablehlo.add %232, %234 : tensor<64x64xf32>
    %236 = stablehlo.multiply %133, %133 : tensor<64x64xf32>
    %cst_57 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %237 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %238 = stablehlo.multiply %237, %236 : tensor<64x64xf32>
    %cst_58 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %240 = stablehlo.multiply %239, %arg13 : tensor<64x64xf32>
    %241 = stablehlo.add %238, %240 : tensor<64x64xf32>
    %242 = stablehlo.multiply %193, %193 : tensor<64x64xf32>
    %cst_59 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %244 = stablehlo.multiply %243, %242 : tensor<64x64xf32>
    %cst_60 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %246 = stablehlo.multiply %245, %arg14 : tensor<64x64xf32>
    %247 = stablehlo.add %244, %246 : tensor<64x64xf32>
    %248 = stablehlo.multiply %161, %161 : tensor<64x64xf32>
    %cst_61 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %249 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %250 = stablehlo.multiply %249, %248 : tensor<64x64xf32>
    %cst_62 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %252 = stablehlo.multiply %251, %arg15 : tensor<64x64xf32>
    %253 = stablehlo.add %250, %252 : tensor<64x64xf32>
    %c_63 = stablehlo.constant dense<2147483647> : tensor<i32>
    %254 = stablehlo.compare LT, %arg5, %c_63, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_64 = stablehlo.constant dense<1> : tensor<i32>
    %255 = stablehlo.add %arg5, %c_64 : tensor<i32>
    %c_65 = stablehlo.constant dense<2147483647> : tensor<i32>
    %256 = call @_where_4(%254, %255, %c_65) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %257 = stablehlo.convert %256 : (tensor<i32>) -> tensor<f32>
    %cst_66 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %258 = stablehlo.convert %256 : (tensor<i32>) -> tensor<f32>
    %259 = stablehlo.power %cst_66, %258 : tensor<f32>
    %cst_67 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %260 = stablehlo.subtract %cst_67, %259 : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %260, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %262 = stablehlo.divide %203, %261 : tensor<256x64xf32>
    %263 = stablehlo.broadcast_in_dim %260, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %264 = stablehlo.divide %208, %263 : tensor<64x64xf32>
    %265 = stablehlo.broadcast_in_dim %260, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %266 = stablehlo.divide %213, %265 : tensor<64x64xf32>
    %267 = stablehlo.broadcast_in_dim %260, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %268 = stablehlo.divide %218, %267 : tensor<64x64xf32>
    %269 = stablehlo.broadcast_in_dim %260, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %270 = stablehlo.divide %223, %269 : tensor<64x64xf32>
    %271 = stablehlo.convert %256 : (tensor<i32>) -> tensor<f32>
    %cst_68 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %272 = stablehlo.convert %256 : (tensor<i32>) -> tensor<f32>
    %273 = stablehlo.power %cst_68, %272 : tensor<f32>
    %cst_69 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %274 = stablehlo.subtract %cst_69, %273 : tensor<f32>
    %275 = stablehlo.broadcast_in_dim %274, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %276 = stablehlo.divide %229, %275 : tensor<256x64xf32>
    %277 = stablehlo.broadcast_in_dim %274, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %278 = stablehlo.divide %235, %277 : tensor<64x64xf32>
    %279 = stablehlo.broadcast_in_dim %274, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %280 = stablehlo.divide %241, %279 : tensor<64x64xf32>
    %281 = stablehlo.broadcast_in_dim %274, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %282 = stablehlo.divide %247, %281 : tensor<64x64xf32>
    %283 = stablehlo.broadcast_in_dim %274, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %284 = stablehlo.divide %253, %283 : tensor<64x64xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %285 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %286 = stablehlo.add %276, %285 : tensor<256x64xf32>
    %287 = stablehlo.sqrt %286 : tensor<256x64xf32>
    %cst_71 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %288 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %289 = stablehlo.add %287, %288 : tensor<256x64xf32>
    %290 = stablehlo.divide %262, %289 : tensor<256x64xf32>
    %cst_72 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %292 = stablehlo.add %278, %291 : tensor<64x64xf32>
    %293 = stablehlo.sqrt %292 : tensor<64x64xf32>
    %cst_73 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %294 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %295 = stablehlo.add %293, %294 : tensor<64x64xf32>
    %296 = stablehlo.divide %264, %295 : tensor<64x64xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %298 = stablehlo.add %280, %297 : tensor<64x64xf32>
    %299 = stablehlo.sqrt %298 : tensor<64x64xf32>
    %cst_75 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %300 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %301 = stablehlo.add %299, %300 : tensor<64x64xf32>
    %302 = stablehlo.divide %266, %301 : tensor<64x64xf32>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %303 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %304 = stablehlo.add %282, %303 : tensor<64x64xf32>
    %305 = stablehlo.sqrt %304 : tensor<64x64xf32>
    %cst_77 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %306 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %307 = stablehlo.add %305, %306 : tensor<64x64xf32>
    %308 = stablehlo.divide %268, %307 : tensor<64x64xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %309 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %310 = stablehlo.add %284, %309 : tensor<64x64xf32>
    %311 = stablehlo.sqrt %310 : tensor<64x64xf32>
    %cst_79 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %312 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %313 = stablehlo.add %311, %312 : tensor<64x64xf32>
    %314 = stablehlo.divide %270, %313 : tensor<64x64xf32>
    %cst_80 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %316 = stablehlo.multiply %315, %arg0 : tensor<256x64xf32>
    %317 = stablehlo.add %290, %316 : tensor<256x64xf32>
    %cst_81 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %318 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %319 = stablehlo.multiply %318, %arg1 : tensor<64x64xf32>
    %320 = stablehlo.add %296, %319 : tensor<64x64xf32>
    %cst_82 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %321 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %322 = stablehlo.multiply %321, %arg2 : tensor<64x64xf32>
    %323 = stablehlo.add %302, %322 : tensor<64x64xf32>
    %cst_83 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %324 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %325 = stablehlo.multiply %324, %arg3 : tensor<64x64xf32>
    %326 = stablehlo.add %308, %325 : tensor<64x64xf32>
    %cst_84 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %327 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %328 = stablehlo.multiply %327, %arg4 : tensor<64x64xf32>
    %329 = stablehlo.add %314, %328 : tensor<64x64xf32>
    %cst_85 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %330 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
    %331 = stablehlo.multiply %330, %317 : tensor<256x64xf32>
    %cst_86 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %332 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %333 = stablehlo.multiply %332, %320 : tensor<64x64xf32>
    %cst_87 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %334 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %335 = stablehlo.multiply %334, %323 : tensor<64x64xf32>
    %cst_88 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %336 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %337 = stablehlo.multiply %336, %326 : tensor<64x64xf32>
    %cst_89 = stablehlo.constant dense<-1.000000e-03> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %339 = stablehlo.multiply %338, %329 : tensor<64x64xf32>
    %340 = stablehlo.add %arg0, %331 : tensor<256x64xf32>
    %341 = stablehlo.add %arg1, %333 : tensor<64x64xf32>
    %342 = stablehlo.add %arg2, %335 : tensor<64x64xf32>
    %343 = stablehlo.add %arg3, %337 : tensor<64x64xf32>
    %344 = stablehlo.add %arg4, %339 : tensor<64x64xf32>
    return %340, %341, %342, %343, %344, %256, %203, %208, %213, %218, %223, %229, %235, %241, %247, %253, %113 : tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<i32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<256x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<f32>
  }
  func.func private @_where(%arg0: tensor<16x16xi1>, %arg1: tensor<8x4x16x16xf32>, %arg2: tensor<f32>) -> (tensor<8x4x16x16xf32>, tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<16x16xi1>) -> tensor<8x4x16x16xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4x16x16xf32>
    return %3, %1, %4 : tensor<8x4x16x16xf32>, tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x16x256xf32>, %arg1: tensor<8x16x1xi32>) -> (tensor<8x16x1xf32>, tensor<8x16x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x16x1xi32>, tensor<8x16x1xi32>) -> tensor<8x16x1xi1>
    %c_0 = stablehlo.constant dense<256> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x16x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x16x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x16x1xi1>, tensor<8x16x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<8x16x1xi32>) -> tensor<8x16x1x1xi32>
    %c_1 = stablehlo.constant dense<255> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<8x16x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x16x1x1xi32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x16x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<8x16x1x1xi1>, tensor<i1>) -> tensor<8x16x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<8x16x256xf32>, tensor<8x16x1x1xi32>) -> tensor<8x16x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<8x16x1xi1>, tensor<8x16x1xf32>
    return %15, %5 : tensor<8x16x1xf32>, tensor<8x16x1x1xi32>
  }
  func.func private @_take(%arg0: tensor<8x16x1xf32>, %arg1: tensor<i32>) -> (tensor<8x16xf32>, tensor<1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = call @_where_0(%0, %1, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<1xi32>
    %4 = stablehlo.convert %3 : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %7 = stablehlo.compare LE, %4, %c_1, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %8 = stablehlo.and %6, %7 : tensor<1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %9 = stablehlo.reduce(%8 init: %c_3) applies stablehlo.and across dimensions = [0] : (tensor<1xi1>, tensor<i1>) -> tensor<i1>
    %10 = "stablehlo.gather"(%arg0, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [2], start_index_map = [2]>, indices_are_sorted = false, slice_sizes = array<i64: 8, 16, 1>}> : (tensor<8x16x1xf32>, tensor<1xi32>) -> tensor<8x16xf32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8x16xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %13 = stablehlo.select %11, %10, %12 : tensor<8x16xi1>, tensor<8x16xf32>
    return %13, %3 : tensor<8x16xf32>, tensor<1xi32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_take_1(%arg0: tensor<1xi32>, %arg1: tensor<8x16xf32>) -> tensor<8x16x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x1xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [2]>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x16x1xf32>, tensor<1xi32>, tensor<8x16xf32>) -> tensor<8x16x1xf32>
    return %1 : tensor<8x16x1xf32>
  }
  func.func private @take_along_axis_2(%arg0: tensor<8x16x1x1xi32>, %arg1: tensor<8x16x1xf32>) -> tensor<8x16x256xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16x256xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x16x256xf32>, tensor<8x16x1x1xi32>, tensor<8x16x1xf32>) -> tensor<8x16x256xf32>
    return %1 : tensor<8x16x256xf32>
  }
  func.func private @_where_3(%arg0: tensor<8x4x16x16xi1>, %arg1: tensor<8x4x16x16xf32>, %arg2: tensor<8x4x16x16xf32>) -> tensor<8x4x16x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4x16x16xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<8x4x16x16xi1>, tensor<8x4x16x16xf32>
    return %1 : tensor<8x4x16x16xf32>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
