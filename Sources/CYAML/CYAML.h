// libyaml (libyaml-dev): the YAML 1.1 parser NixieYAML reads text with, linked statically
// (module.modulemap).
#include <yaml.h>
