# Files built into the program, rebuilt when a file changes. The files stay files of their
# own in the source tree: read, diffed and checked (shellcheck, YAML, JSON) as themselves.
# One script writes both forms (cmake/embed_text.cmake):
#
# traindeck_embed_text(TARGET FILE NAME NAMESPACE HEADER): one resource's text as a C++
# constant NAMESPACE::NAME in the generated header HEADER (relative to the target's
# generated/ include folder).
#
# traindeck_embed_files(TARGET HEADER FUNCTION FILES...): the files as a list, returned by
# traindeck::FUNCTION (declared in the hand-written HEADER with its EmbeddedFile) as
# ("folder/name", text) pairs: data the program computes from (the measured truth).
set(TRAINDECK_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_text.cmake)
function(traindeck_embed_text target file name namespace header)
  set(output ${CMAKE_CURRENT_BINARY_DIR}/generated/${header})
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUTS=${file} -DOUTPUT=${output} -DNAME=${name} -DNAMESPACE=${namespace}
            -P ${TRAINDECK_EMBED_SCRIPT}
    DEPENDS ${file} ${TRAINDECK_EMBED_SCRIPT}
    COMMENT "Embedding ${header}")
  target_sources(${target} PRIVATE ${output})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
endfunction()

function(traindeck_embed_files target header function)
  set(output ${CMAKE_CURRENT_BINARY_DIR}/generated/${function}.cpp)
  string(JOIN "|" inputs ${ARGN})  # one argument: '|' is in no path, ';' would split it
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUTS=${inputs} -DOUTPUT=${output} -DHEADER=${header} -DFUNCTION=${function}
            -P ${TRAINDECK_EMBED_SCRIPT}
    DEPENDS ${ARGN} ${TRAINDECK_EMBED_SCRIPT}
    COMMENT "Embedding ${function}: ${header}"
    VERBATIM)
  target_sources(${target} PRIVATE ${output})
  # Large literals, compiled on their own (not in a unity batch).
  set_source_files_properties(${output} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
