// libyaml (libyaml-dev): the YAML 1.1 parser NixieYAML reads text with. Linked dynamically in a
// development build; the Debian package links its static library (docs/PACKAGING.md).
#include <yaml.h>
