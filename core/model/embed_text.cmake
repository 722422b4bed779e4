# Writes INPUT into OUTPUT as a C++ raw string constant NAME in NAMESPACE (run at build
# time, so that an edit of the resource rebuilds the program).
if(NOT NAMESPACE)
  set(NAMESPACE traindeck::model)
endif()
file(READ "${INPUT}" content)
file(WRITE "${OUTPUT}" "#pragma once\n// Generated from ${INPUT}; edit that file.\nnamespace ${NAMESPACE} {\ninline constexpr const char ${NAME}[] = R\"traindeck_yaml(${content})traindeck_yaml\";\n}\n")
