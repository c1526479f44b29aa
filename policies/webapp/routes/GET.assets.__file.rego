# GET /assets/{file}: the pages' style sheet and icon. Public static files, the same for everyone
# (also on the pages that explain a denial, so they are not subject to the location rule).
package webapp.GET.assets.__file

import data.webapp.common
import rego.v1

default allowed := false

allowed if common.identity_type in {"IDENTITY_TYPE_NONE", "IDENTITY_TYPE_SUB"}
