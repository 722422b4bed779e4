# traindeck_embed_text(TARGET FILE NAME NAMESPACE HEADER): a resource file's text as a
# C++ constant NAMESPACE::NAME in the generated header HEADER (relative to the target's
# generated/ include folder), rebuilt when the file changes. The resource stays a file
# of its own in the source tree: read, diffed and checked (shellcheck, YAML) as itself.
set(TRAINDECK_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_text.cmake)
function(traindeck_embed_text target file name namespace header)
  set(output ${CMAKE_CURRENT_BINARY_DIR}/generated/${header})
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${file} -DOUTPUT=${output} -DNAME=${name} -DNAMESPACE=${namespace}
            -P ${TRAINDECK_EMBED_SCRIPT}
    DEPENDS ${file} ${TRAINDECK_EMBED_SCRIPT}
    COMMENT "Embedding ${header}")
  target_sources(${target} PRIVATE ${output})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/generated)
endfunction()
