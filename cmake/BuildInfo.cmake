# What --version reports for both programs: the version and whether (and against
# which CUDA and NCCL) the trainer's CUDA backend is built. One header,
# <traindeck_build_info.h>, through the interface target traindeck_build_info.

# The application's id, in reverse-DNS form as AppStream asks: the desktop entry's
# file name, the metainfo's id, and the window's Wayland app_id.
set(TRAINDECK_APP_ID io.github.traindeck.TrainDeck)

set(TRAINDECK_BUILD_CUDA 0)
set(TRAINDECK_BUILD_CUDA_VERSION "")
set(TRAINDECK_BUILD_NCCL_VERSION "")
set(TRAINDECK_BUILD_CUDA_LIBRARIES "")
if(TRAINDECK_HAVE_CUDA)
  # The same cache entries trainer/cuda/CMakeLists.txt uses, so both agree.
  find_path(TRAINDECK_NCCL_INCLUDE nccl.h HINTS $ENV{NCCL_ROOT}/include ${CUDAToolkit_INCLUDE_DIRS})
  find_library(TRAINDECK_NCCL_LIBRARY nccl HINTS $ENV{NCCL_ROOT}/lib ${CUDAToolkit_LIBRARY_DIR})
  if(TRAINDECK_NCCL_INCLUDE AND TRAINDECK_NCCL_LIBRARY)
    set(TRAINDECK_BUILD_CUDA 1)
    set(TRAINDECK_BUILD_CUDA_VERSION ${CUDAToolkit_VERSION})
    file(STRINGS ${TRAINDECK_NCCL_INCLUDE}/nccl.h nccl_defines REGEX "^#define NCCL_(MAJOR|MINOR|PATCH) ")
    set(nccl_version "")
    foreach(part MAJOR MINOR PATCH)
      string(REGEX MATCH "NCCL_${part} ([0-9]+)" _ "${nccl_defines}")
      list(APPEND nccl_version ${CMAKE_MATCH_1})
    endforeach()
    list(JOIN nccl_version "." TRAINDECK_BUILD_NCCL_VERSION)
    # The sonames a node needs: what the user installs, named exactly.
    set(sonames "")
    foreach(lib ${CUDAToolkit_LIBRARY_DIR}/libcudart.so ${CUDAToolkit_LIBRARY_DIR}/libcublasLt.so ${TRAINDECK_NCCL_LIBRARY})
      get_filename_component(real ${lib} REALPATH)
      get_filename_component(name ${real} NAME)
      # libcudart.so.13.0.96 -> libcudart.so.13 (the soname is the first number).
      string(REGEX REPLACE "^(lib[^.]+\\.so\\.[0-9]+).*" "\\1" name ${name})
      list(APPEND sonames ${name})
    endforeach()
    list(JOIN sonames " " TRAINDECK_BUILD_CUDA_LIBRARIES)
  endif()
endif()

configure_file(${CMAKE_CURRENT_LIST_DIR}/build_info.h.in ${PROJECT_BINARY_DIR}/generated/traindeck_build_info.h @ONLY)
add_library(traindeck_build_info INTERFACE)
target_include_directories(traindeck_build_info INTERFACE ${PROJECT_BINARY_DIR}/generated)
