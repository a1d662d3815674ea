# Builds the C API crate (capi/) into a static library with cargo, and
# installs it with its header and package files.
#
# The library must not carry MLIR: a host links its own, and two copies in
# one process mean two TypeID registries. Cargo is therefore run with
# MLIR_SYS_LINK_SHARED=1, under which mlir-sys names MLIR as shared
# libraries, which a static library does not bundle: the archive holds our
# code, melior's and Rust's standard library, with every MLIR C API symbol
# left undefined, to resolve against the host's MLIR when it links
# (SparseCompilerConfig.cmake names the MLIR C API libraries). Cargo builds
# in a target directory of its own under the build tree, since the link
# mode changes how mlir-sys is built.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SPARSE_COMPILER_CARGO_PROFILE "release" CACHE STRING
    "Cargo profile the library is built with: release, or dev (faster to build, for tests)")
set_property(CACHE SPARSE_COMPILER_CARGO_PROFILE PROPERTY STRINGS release dev)
find_program(CARGO cargo HINTS "$ENV{CARGO_HOME}/bin" "$ENV{HOME}/.cargo/bin" REQUIRED)

if(SPARSE_COMPILER_CARGO_PROFILE STREQUAL "dev")
  set(profile_dir debug)
else()
  set(profile_dir ${SPARSE_COMPILER_CARGO_PROFILE})
endif()
set(cargo_target_dir "${CMAKE_BINARY_DIR}/cargo")
set(archive "${cargo_target_dir}/${profile_dir}/libsparse_compiler.a")

# Cargo decides itself what is out of date, so it runs on every build. It
# runs from the source tree, whose .cargo/config.toml says where LLVM is.
add_custom_target(sparse_compiler_archive ALL
  COMMAND ${CMAKE_COMMAND} -E env MLIR_SYS_LINK_SHARED=1 "CARGO_TARGET_DIR=${cargo_target_dir}"
          "${CARGO}" rustc --quiet --package sparse-capi --lib --crate-type staticlib
          --profile ${SPARSE_COMPILER_CARGO_PROFILE}
  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
  BYPRODUCTS "${archive}"
  COMMENT "Building the sparse compiler's C API with cargo (${SPARSE_COMPILER_CARGO_PROFILE})"
  USES_TERMINAL
  VERBATIM)

install(FILES "${archive}" DESTINATION "${CMAKE_INSTALL_LIBDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/sparse-compiler-c" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

# The MLIR C API libraries whose functions the archive calls (melior binds
# them): the installed package links these targets of the host's MLIR. A
# function missing here fails the embedding test's link. (The execution
# engine's C API is linked apart, by SparseCompilerConfig.cmake.)
set(SPARSE_COMPILER_MLIR_CAPI
  MLIRCAPIIR MLIRCAPIRegisterEverything MLIRCAPITransforms MLIRCAPIConversion
  MLIRCAPIIRDL MLIRCAPIPDL
  MLIRCAPIAffine MLIRCAPIAMDGPU MLIRCAPIArith MLIRCAPIArmSME MLIRCAPIAsync MLIRCAPIBufferization
  MLIRCAPIControlFlow MLIRCAPIEmitC MLIRCAPIFunc MLIRCAPIGPU MLIRCAPILinalg MLIRCAPILLVM MLIRCAPIMath
  MLIRCAPIMemRef MLIRCAPIMLProgram MLIRCAPINVGPU MLIRCAPIOpenACC MLIRCAPIQuant MLIRCAPISCF MLIRCAPIShape
  MLIRCAPIShard MLIRCAPISparseTensor MLIRCAPISPIRV MLIRCAPITensor MLIRCAPITosa MLIRCAPITransformDialect
  MLIRCAPIVector)
list(JOIN SPARSE_COMPILER_MLIR_CAPI ";" SPARSE_COMPILER_MLIR_CAPI)

set(config_dir "${CMAKE_INSTALL_LIBDIR}/cmake/SparseCompiler")
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/SparseCompilerConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/SparseCompilerConfig.cmake"
  INSTALL_DESTINATION "${config_dir}"
  PATH_VARS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/SparseCompilerConfigVersion.cmake"
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${CMAKE_BINARY_DIR}/SparseCompilerConfig.cmake"
  "${CMAKE_BINARY_DIR}/SparseCompilerConfigVersion.cmake"
  DESTINATION "${config_dir}")
