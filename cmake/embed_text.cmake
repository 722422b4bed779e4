# Writes INPUT into OUTPUT as a C++ raw string constant NAMESPACE::NAME. Run at build
# time by traindeck_embed_text (EmbedText.cmake), so that an edit of the resource
# rebuilds what uses it.
file(READ "${INPUT}" content)
file(WRITE "${OUTPUT}" "#pragma once\n// Generated from ${INPUT}; edit that file.\nnamespace ${NAMESPACE} {\ninline constexpr const char ${NAME}[] = R\"traindeck_text(${content})traindeck_text\";\n}\n")
