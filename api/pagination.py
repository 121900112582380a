from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination


class StandardPagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        """A page_size that is not a whole number of at least 1 is a 400 like any invalid parameter (DRF would
        silently use the default); a larger one than the maximum is cut to it."""
        raw = request.query_params.get(self.page_size_query_param)
        if raw:  # sent empty: not sent, as for every optional parameter
            field = serializers.IntegerField(min_value=1)
            try:
                field.run_validation(raw)
            except serializers.ValidationError as exc:
                raise serializers.ValidationError({self.page_size_query_param: exc.detail}) from None
        return super().get_page_size(request)

    def get_schema_operation_parameters(self, view):
        """DRF's two parameters with their bounds. A page past the last one answers 404 (every list says so)."""
        page, page_size = super().get_schema_operation_parameters(view)
        page["schema"]["minimum"] = 1
        page_size["schema"]["minimum"] = 1
        page_size["description"] = f"Results per page: default {self.page_size}, at most {self.max_page_size}."
        return [page, page_size]
