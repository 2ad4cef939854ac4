#include "clunar.h"
